/**
 * What the studio benches (studio-analysis.mjs, studio-portrait.mjs) share: the builds they
 * compare, and the timing of one call into a build.
 */
import { resolve } from 'node:path';

/**
 * This package's dist/ (or BENCH_STUDIO_BUILD), then each directory in BENCH_STUDIO_DIST
 * (comma-separated). Builds in one process disturb each other's wall time (see inTurn): for a
 * change that moves work onto other threads, time each build alone, one process after another,
 * with BENCH_STUDIO_BUILD.
 */
export function buildDirs() {
  const dist = resolve(process.env.BENCH_STUDIO_BUILD ?? new URL('../dist', import.meta.url).pathname);
  return [dist, ...(process.env.BENCH_STUDIO_DIST ?? '').split(',')].filter(Boolean).map((d) => resolve(d));
}

/**
 * Runs `call` and records on `build` its wall time and its CPU time (ms): CPU time counts all the
 * process's threads, libvips' included, and is the steadier figure when other processes share
 * the cores.
 */
export async function timed(build, call) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await call();
  build.times.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  build.cpu.push((c.user + c.system) / 1000);
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The builds in the order for turn `turn`: each build goes first as often as the others. The same
 * build loaded twice once differed by 12 % in wall time when its copy always ran second
 * (2026-11-27, bench/README.md), so a fixed order can favour the build listed first.
 */
export function inTurn(builds, turn) {
  const k = turn % builds.length;
  return [...builds.slice(k), ...builds.slice(0, k)];
}

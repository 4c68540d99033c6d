#!/usr/bin/env node
/**
 * `npm run bench:studio -w apps/server`: how long one 2048 px studio portrait takes, the photo's
 * analysis (and upscale) already cached, as the job runner sees it for every portrait after a
 * photo's first. Uses the built sources in dist/ (or BENCH_STUDIO_DIST=<dir> to time another
 * build, e.g. the tree before a change, alternately in the same process) and the committed
 * sample portrait in two styles (a headshot and a half-body). Budget: 1.0 s per portrait.
 * Runs on the calling thread, so it uses one core; the worker pool runs one such render per thread.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { buildDirs, inTurn, median, timed } from './studio-builds.mjs';

const dirs = buildDirs();
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4) || 4);
const BUDGET_MS = 1000;

async function load(dir) {
  const url = (p) => pathToFileURL(`${dir}/${p}`).href;
  const { StudioEngine } = await import(url('modules/processing/studio/studio-engine.js'));
  const { STYLE_SEEDS } = await import(url('modules/catalog/catalog-styles.js'));
  const { SAMPLE_PORTRAIT } = await import(url('modules/catalog/style-preview.js'));
  const engine = await StudioEngine.open();
  const photo = await readFile(SAMPLE_PORTRAIT);
  const styles = ['corporate-grey-studio', 'tech-startup'].map((s) => STYLE_SEEDS.find((x) => x.slug === s));
  const render = (style, seed) =>
    engine.render({ photoKey: 'bench', photo, look: style, seed, longSide: 2048 });
  // Warm-up: loads the models and fills the analysis cache.
  for (const s of styles) await render(s, 'warm');
  return { dir, styles, render, times: [], cpu: [] };
}

const builds = [];
for (const d of dirs) builds.push(await load(d));
for (let r = 0; r < rounds; r++) {
  // Alternate the builds every round so outside load falls on all of them alike, each first in turn.
  for (const b of inTurn(builds, r)) {
    for (const s of b.styles) {
      await timed(b, () => b.render(s, `bench:${r}`));
    }
  }
}
// CPU time is steadier than wall time when other processes share the cores; both are printed.
const first = median(builds[0].times);
const firstCpu = median(builds[0].cpu);
for (const b of builds) {
  const m = median(b.times);
  const c = median(b.cpu);
  console.log(
    `${b.dir}: median ${m.toFixed(0)} ms wall, ${c.toFixed(0)} ms CPU per 2048 px portrait ` +
      `(wall min ${Math.min(...b.times).toFixed(0)}, max ${Math.max(...b.times).toFixed(0)}, n=${b.times.length})` +
      (b === builds[0]
        ? ` budget ${BUDGET_MS} ms`
        : ` ratio dist/this: wall ${(first / m).toFixed(2)}, CPU ${(firstCpu / c).toFixed(2)}`),
  );
}

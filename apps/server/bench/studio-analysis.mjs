#!/usr/bin/env node
/**
 * `npm run bench:analysis -w apps/server`: how long the studio engine's analysis of one photo
 * takes (faces, levelling, the person's matte and its clean-up; once per photo, before its first
 * portrait). The photos are the six real party and group photos of @vladmandic/face-api's demo
 * (the corpus's sources, test/studio/corpus/manifest.json), each at 1024 px on its long side, the
 * size the analysis works at for any larger upload. Uses the built sources in dist/ (or
 * BENCH_STUDIO_DIST=<dir> to time another build alternately in the same process).
 * Budget: 2 s per analysis. The analysis runs on the calling thread, the face models on a
 * face-model thread (see threadFaces).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { buildDirs, inTurn, median, timed } from './studio-builds.mjs';

const require = createRequire(import.meta.url);
// libvips' operation cache would serve one build the decode (the same photo bytes) and maybe the
// enlargement (a freed buffer's address reused) another build just made: every analysis here is
// of a photo libvips has not seen, as each new upload is.
sharp.cache(false);
const dirs = buildDirs();
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);
const BUDGET_MS = 2000;

const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const photos = [];
for (let k = 1; k <= 6; k++)
  photos.push(
    await sharp(join(demo, `sample${k}.jpg`))
      .resize(1024, 1024, { fit: 'inside' })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );

/**
 * The face models where the service runs them (BENCH_ANALYSIS_FACES=thread, the default): on a
 * face-model thread of their own (analysis/face-threads.ts), the analysis's own work on this
 * thread, as a studio thread's is, so what the engine overlaps shows. Each question gets a copy of
 * the pixels, as studio-worker.ts sends them. BENCH_ANALYSIS_FACES=local runs the models on this
 * thread too (the figures before 2026-11-28 were taken so).
 */
const LOCAL = process.env.BENCH_ANALYSIS_FACES === 'local';

async function threadFaces(url) {
  const { acquireFaceThreads } = await import(url('modules/analysis/face-threads.js'));
  const lease = acquireFaceThreads();
  leases.push(lease);
  return {
    faces: (rgb, width, height, irises = true) => lease.faces(new Uint8Array(rgb), width, height, irises),
    person: (rgb, width, height) => lease.person(new Uint8Array(rgb), width, height),
  };
}
const leases = [];

async function load(dir) {
  const url = (p) => pathToFileURL(`${dir}/${p}`).href;
  const { StudioEngine } = await import(url('modules/processing/studio/studio-engine.js'));
  const engine = await StudioEngine.open(LOCAL ? {} : { faces: await threadFaces(url) });
  // Warm-up: loads the models and compiles the passes.
  await engine.analyse('warm', photos[0]);
  return { dir, engine, times: [], cpu: [] };
}

const builds = [];
for (const d of dirs) builds.push(await load(d));
for (let r = 0; r < rounds; r++) {
  // Alternate the builds photo by photo so outside load falls on all of them alike, each first in turn.
  for (const [k, photo] of photos.entries()) {
    for (const b of inTurn(builds, r * photos.length + k)) {
      await timed(b, () => b.engine.analyse(`bench:${r}:${k}`, photo));
    }
  }
}
const first = builds[0];
for (const b of builds) {
  const m = median(b.times);
  const c = median(b.cpu);
  // Per photo, the same photo's time in the first build over this one's: the steadier ratio.
  const ratios = b.cpu.map((x, i) => first.cpu[i] / x);
  const wallRatios = b.times.map((x, i) => first.times[i] / x);
  console.log(
    `${b.dir}: median ${m.toFixed(0)} ms wall, ${c.toFixed(0)} ms CPU per analysis ` +
      `(CPU min ${Math.min(...b.cpu).toFixed(0)}, max ${Math.max(...b.cpu).toFixed(0)}, n=${b.cpu.length})` +
      (b === first
        ? ` budget ${BUDGET_MS} ms`
        : ` ratio first/this, median of pairs: CPU ${median(ratios).toFixed(2)}, wall ${median(wallRatios).toFixed(2)}`),
  );
}
for (const lease of leases) await lease.close();

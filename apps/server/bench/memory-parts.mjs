/**
 * `node bench/memory-parts.mjs` (after a build): where the server's memory goes, part by part.
 * One fresh process adds the parts one at a time and reads its own resident set (VmRSS, worker
 * threads included) after each: the App on SQLite, the face-model thread after one upload check and
 * then one likeness embedding (the same thread serves both), one studio thread after one 2048 px
 * render (its faces and mattes asked of that same face-model thread, as the server does); then
 * closes the threads one by one to show what each hands back. The differences are what each part holds.
 * Noisy on a shared machine (the allocator keeps some freed memory): run it twice.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.env.BENCH_MEMORY_DIST ?? join(here, '../dist');
const MB = 1024 * 1024;
const rss = () => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
const rows = [];
let last = rss();
const mark = (part) => {
  // A full GC first, where exposed, so the figure is what is held, not what is garbage.
  globalThis.gc?.();
  const now = rss();
  rows.push({ part, rssMB: +(now / MB).toFixed(1), deltaMB: +((now - last) / MB).toFixed(1) });
  last = now;
};

const { acquireFaceThreads, closeFaceThreads } = await import(join(dist, 'modules/analysis/face-threads.js'));
const { StudioPool } = await import(join(dist, 'modules/processing/studio/studio-pool.js'));
const { STYLE_SEEDS } = await import(join(dist, 'modules/catalog/catalog-styles.js'));

mark('node + sharp + the thread pool modules');
const { App } = await import(join(dist, 'core/app.js'));
const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-memory-parts-'));
const { modules } = await import(join(dist, 'modules.js'));
const app = await App.open({ dataDir, db: { kind: 'sqlite', dataDir }, modules });
mark('App.open (SQLite, catalogue seeded)');

const photo = await sharp(join(here, '../assets/samples/astronaut.png')).resize(1024, 1024).jpeg().toBuffer();
const faces = acquireFaceThreads();
const copy = () => new Uint8Array(photo);
await faces.analyse({ bytes: copy(), format: 'jpeg', checks: true });
mark('face-model thread, after 1 upload check');
await faces.analyse({ bytes: copy(), format: 'jpeg', checks: true });
mark('face-model thread, after 2 upload checks');
await faces.embed(copy());
mark('face-model thread, after 1 likeness embedding');

const studio = new StudioPool({ size: 1, dataDir });
await studio.render({
  photoKey: 'p',
  photo: Buffer.from(copy()),
  look: STYLE_SEEDS[0],
  seed: 's',
  longSide: 2048,
});
mark('studio thread, after 1 render (2048 px)');

await studio.close();
mark('studio thread closed');
await faces.close();
await closeFaceThreads();
mark('face-model thread closed');
await app.close();
rmSync(dataDir, { recursive: true, force: true });

console.log('part                                          RSS MB   delta MB');
for (const r of rows)
  console.log(`${r.part.padEnd(44)} ${String(r.rssMB).padStart(8)} ${String(r.deltaMB).padStart(10)}`);

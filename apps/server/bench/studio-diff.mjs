#!/usr/bin/env node
/**
 * How far this build's studio portraits are from another build's: renders the committed sample in
 * a few styles with dist/ and with BENCH_STUDIO_DIST=<dir> (same seeds) and prints, per style, the
 * mean and largest absolute difference of the decoded JPEGs in levels of 255 (0 = same bytes).
 * For checking that a speed change left the output as it was. BENCH_STUDIO_SIZE (default 2048).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const other = process.env.BENCH_STUDIO_DIST;
if (!other) throw new Error('set BENCH_STUDIO_DIST to the other build');
const dirs = [resolve(new URL('../dist', import.meta.url).pathname), resolve(other)];
const size = Number(process.env.BENCH_STUDIO_SIZE ?? 2048) || 2048;
const SLUGS = ['corporate-grey-studio', 'tech-startup', 'black-white-classic', 'outdoor-bokeh'];

async function renders(dir) {
  const url = (p) => pathToFileURL(`${dir}/${p}`).href;
  const { StudioEngine } = await import(url('modules/processing/studio/studio-engine.js'));
  const { STYLE_SEEDS } = await import(url('modules/catalog/catalog-styles.js'));
  const { SAMPLE_PORTRAIT } = await import(url('modules/catalog/style-preview.js'));
  const engine = await StudioEngine.open();
  const photo = await readFile(SAMPLE_PORTRAIT);
  const out = [];
  for (const slug of SLUGS) {
    const look = STYLE_SEEDS.find((s) => s.slug === slug);
    if (!look) continue;
    const r = await engine.render({ photoKey: 'diff', photo, look, seed: `diff:${slug}`, longSide: size });
    out.push({ slug, jpeg: r.jpeg });
  }
  return out;
}

const [a, b] = [await renders(dirs[0]), await renders(dirs[1])];
for (let i = 0; i < a.length; i++) {
  const [x, y] = await Promise.all([a[i], b[i]].map((r) => sharp(r.jpeg).raw().toBuffer()));
  let sum = 0;
  let max = 0;
  for (let k = 0; k < x.length; k++) {
    const d = Math.abs(x[k] - y[k]);
    sum += d;
    if (d > max) max = d;
  }
  const same = a[i].jpeg.equals(b[i].jpeg) ? ' (same bytes)' : '';
  console.log(`${a[i].slug}: mean |Δ| ${(sum / x.length).toFixed(4)} levels, max ${max}${same}`);
}

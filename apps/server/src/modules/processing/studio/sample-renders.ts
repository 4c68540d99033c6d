/**
 * Renders the committed public-domain sample portrait in every seeded style, full size, plus a
 * contact sheet, so a person can judge the studio engine's look (`npm run render:samples`).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { SAMPLE_PORTRAIT } from '../../catalog/style-preview.js';
import { STYLE_SEEDS } from '../../catalog/catalog-styles.js';
import { StudioEngine } from './studio-engine.js';
import { FULL_LONG_SIDE } from './framing.js';

export type SampleRender = { slug: string; file: string; width: number; height: number; ms: number };

export async function renderSamples(outDir: string, variants = 1): Promise<SampleRender[]> {
  await mkdir(outDir, { recursive: true });
  const photo = await readFile(SAMPLE_PORTRAIT);
  const engine = await StudioEngine.open();
  const done: SampleRender[] = [];
  for (const style of STYLE_SEEDS) {
    for (let variant = 0; variant < variants; variant++) {
      const started = Date.now();
      const r = await engine.render({
        photoKey: 'sample',
        photo,
        look: style,
        seed: `sample:${style.slug}:${variant}`,
        longSide: FULL_LONG_SIDE,
      });
      const file = join(outDir, `${style.slug}${variants > 1 ? `-${variant + 1}` : ''}.jpg`);
      await writeFile(file, r.jpeg);
      done.push({ slug: style.slug, file, width: r.width, height: r.height, ms: Date.now() - started });
    }
  }
  await contactSheet(done, join(outDir, 'contact-sheet.jpg'));
  return done;
}

/** All renders side by side, 400 px high, in rows of five. */
async function contactSheet(renders: SampleRender[], file: string): Promise<void> {
  const h = 400;
  const tiles = await Promise.all(
    renders.map((r) => sharp(r.file).resize({ height: h }).toBuffer({ resolveWithObject: true })),
  );
  const rows: { input: Buffer; left: number; top: number }[] = [];
  let width = 0;
  tiles.forEach((t, i) => {
    const row = Math.floor(i / 5);
    const left = tiles.slice(row * 5, i).reduce((sum, x) => sum + x.info.width, 0);
    rows.push({ input: t.data, left, top: row * h });
    width = Math.max(width, left + t.info.width);
  });
  const height = Math.ceil(tiles.length / 5) * h;
  await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(rows)
    .jpeg({ quality: 85 })
    .toFile(file);
}

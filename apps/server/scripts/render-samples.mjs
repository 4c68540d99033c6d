#!/usr/bin/env node
/**
 * `npm run render:samples [-- OUT_DIR [VARIANTS]] [--previews]`: renders the public-domain sample
 * portrait in every seeded style through the studio engine (built sources in dist/) into OUT_DIR
 * (default ./samples-out) with a contact sheet, for a person to look at. With `--previews` it also
 * writes what the product shows of those renders: the styles' previews (assets/style-previews,
 * 480 px wide) and the landing page's "after" image (Corporate Grey, apps/web/public/hero), so
 * they never fall behind the engine.
 */
import { resolve } from 'node:path';
import sharp from 'sharp';

const { renderSamples } = await import('../dist/modules/processing/studio/sample-renders.js');
const args = process.argv.slice(2).filter((a) => a !== '--previews');
const previews = process.argv.includes('--previews');
const out = resolve(args[0] ?? 'samples-out');
const variants = Math.max(1, Number(args[1] ?? 1) || 1);
const renders = await renderSamples(out, variants);
for (const r of renders) console.log(`${r.slug}: ${r.width}×${r.height} in ${r.ms} ms → ${r.file}`);
console.log(`Contact sheet: ${resolve(out, 'contact-sheet.jpg')}`);

if (previews) {
  const here = new URL('..', import.meta.url).pathname;
  for (const r of renders.filter((x) => variants === 1 || x.file.endsWith('-1.jpg'))) {
    const file = resolve(here, 'assets/style-previews', `${r.slug}.jpg`);
    await sharp(r.file).resize({ width: 480 }).jpeg({ quality: 82 }).toFile(file);
    console.log(`preview → ${file}`);
    if (r.slug === 'corporate-grey-studio') {
      const hero = resolve(here, '../web/public/hero/after-corporate-grey.webp');
      await sharp(r.file).resize({ width: 400 }).webp({ quality: 70 }).toFile(hero);
      console.log(`landing "after" image → ${hero}`);
    }
  }
}

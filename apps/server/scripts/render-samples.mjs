#!/usr/bin/env node
/**
 * `npm run render:samples [-- OUT_DIR [VARIANTS]]`: renders the public-domain sample portrait in
 * every seeded style through the studio engine (built sources in dist/) into OUT_DIR
 * (default ./samples-out) with a contact sheet, for a person to look at.
 */
import { resolve } from 'node:path';

const { renderSamples } = await import('../dist/modules/processing/studio/sample-renders.js');
const out = resolve(process.argv[2] ?? 'samples-out');
const variants = Math.max(1, Number(process.argv[3] ?? 1) || 1);
for (const r of await renderSamples(out, variants)) {
  console.log(`${r.slug}: ${r.width}×${r.height} in ${r.ms} ms → ${r.file}`);
}
console.log(`Contact sheet: ${resolve(out, 'contact-sheet.jpg')}`);

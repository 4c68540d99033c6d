import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import { StudioEngine } from '/work/main/apps/server/dist/modules/processing/studio/studio-engine.js';
import { SAMPLE_PORTRAIT } from '/work/main/apps/server/dist/modules/catalog/style-preview.js';
const [l, t, w0, h0, scale] = process.argv.slice(2).map(Number);
const e = await StudioEngine.open();
const a = await e.analyse('s', await readFile(SAMPLE_PORTRAIT));
const { alphaWidth: w, alphaHeight: h, alpha } = a;
const src = a.rgb;
const out = Buffer.alloc(w * h * 3);
for (let i = 0; i < w * h; i++) { const k = alpha[i]; for (let c = 0; c < 3; c++) out[i*3+c] = Math.round(src[i*3+c]*k + (c===1?160:40)*(1-k)); }
await sharp(out, { raw: { width: w, height: h, channels: 3 } }).extract({ left: l, top: t, width: w0, height: h0 }).resize({ width: w0*scale, kernel: 'nearest' }).png().toFile('/tmp/r2/matte-crop.png');
await sharp(src, { raw: { width: w, height: h, channels: 3 } }).extract({ left: l, top: t, width: w0, height: h0 }).resize({ width: w0*scale, kernel: 'nearest' }).png().toFile('/tmp/r2/src-crop.png');

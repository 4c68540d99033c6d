/**
 * The portrait's JPEG streams: it uses the standard Huffman tables (JPEG Annex K), which libjpeg
 * can write as it goes, not optimised ones, for which it holds the whole image's coefficients in
 * memory first (~35 MB at 2048 px, at the studio thread's peak). Its chroma is not subsampled.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PORTRAIT_JPEG } from '../../src/modules/processing/studio/render-portrait.js';

/** Annex K.3, table K.3: code lengths 1..16 of the luminance DC table. */
const STANDARD_LUMA_DC = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];

/** The segments of a baseline JPEG up to its first scan, by marker. */
function segments(jpeg: Buffer): { marker: number; body: Buffer }[] {
  const out = [];
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff;) {
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    out.push({ marker, body: jpeg.subarray(at + 4, at + 2 + length) });
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return out;
}

/** Code-length counts of the DC table 0 in the file's DHT segments. */
function lumaDcLengths(jpeg: Buffer): number[] | null {
  for (const { marker, body } of segments(jpeg)) {
    if (marker !== 0xc4) continue;
    for (let at = 0; at < body.length;) {
      const counts = [...body.subarray(at + 1, at + 17)];
      if (body[at] === 0x00) return counts;
      at += 17 + counts.reduce((a, b) => a + b, 0);
    }
  }
  return null;
}

describe('the portrait JPEG', () => {
  it('has the standard Huffman tables and full-resolution chroma', async () => {
    const [w, h] = [96, 120];
    const noise = Buffer.alloc(w * h * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const raw = { raw: { width: w, height: h, channels: 3 as const } };
    const ours = await sharp(noise, raw).jpeg(PORTRAIT_JPEG).toBuffer();
    expect(lumaDcLengths(ours)).toEqual(STANDARD_LUMA_DC);
    // The check tells them apart: optimised tables fit this image's own statistics.
    const optimised = await sharp(noise, raw)
      .jpeg({ ...PORTRAIT_JPEG, optimiseCoding: true })
      .toBuffer();
    expect(lumaDcLengths(optimised)).not.toEqual(STANDARD_LUMA_DC);
    // SOF0: three components, each sampled 1×1 (4:4:4).
    const sof = segments(ours).find((s) => s.marker === 0xc0)!.body;
    expect(sof[5]).toBe(3);
    expect([sof[7], sof[10], sof[13]]).toEqual([0x11, 0x11, 0x11]);
  });
});

/**
 * The light match leaves skin with a skin hue (skin-hue.ts): a face that the room's light or the
 * backdrop's reflection would leave red, orange or blue is pulled towards a neutral skin just far
 * enough, and the colour is judged on the skin in the middle of the face, not on the hair around.
 */
import { describe, expect, it } from 'vitest';
import { matchLight } from '../../src/modules/processing/studio/compose.js';
import {
  hueOf,
  keepSkinHue,
  SKIN_HUE,
  SKIN_HUE_SLACK,
} from '../../src/modules/processing/studio/skin-hue.js';

const off = (c: { r: number; g: number; b: number }) => {
  const d = Math.abs(hueOf(c) - SKIN_HUE) % 360;
  return d > 180 ? 360 - d : d;
};
const times = (c: { r: number; g: number; b: number }, m: { r: number; g: number; b: number }) => ({
  r: c.r * m.r,
  g: c.g * m.g,
  b: c.b * m.b,
});
const unit = { r: 1, g: 1, b: 1 };

describe('skin hue', () => {
  it('leaves the light alone on a face that already has a skin hue, pale or dark', () => {
    for (const face of [
      { r: 0.85, g: 0.68, b: 0.58 },
      { r: 0.45, g: 0.32, b: 0.25 },
    ]) {
      expect(off(face)).toBeLessThan(SKIN_HUE_SLACK);
      expect(keepSkinHue(face, unit)).toEqual(unit);
    }
  });

  it('brings a red, an orange and a blue face just inside the skin hue, keeping brightness', () => {
    for (const face of [
      { r: 0.8, g: 0.45, b: 0.45 },
      { r: 0.8, g: 0.7, b: 0.2 },
      { r: 0.55, g: 0.5, b: 0.6 },
    ]) {
      expect(off(face)).toBeGreaterThan(SKIN_HUE_SLACK + 5);
      const after = times(face, keepSkinHue(face, unit));
      expect(off(after)).toBeLessThanOrEqual(SKIN_HUE_SLACK + 0.01);
      // Just inside: the least pull, not a jump to the middle of the band.
      expect(off(after)).toBeGreaterThan(SKIN_HUE_SLACK - 1);
      const luma = (c: typeof face) => 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
      expect(luma(after)).toBeCloseTo(luma(face), 3);
    }
  });

  it('judges the colour on the cheeks, not on the hair that fills the rest of the face box', () => {
    // A 60 × 60 subject whose face box is all of it: golden hair around a red-lit middle, on a
    // neutral grey backdrop.
    const [w, h] = [60, 60];
    const data = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const middle = x >= 15 && x < 45 && y >= 18 && y < 48;
        const c = middle ? [0.8, 0.45, 0.45] : [0.75, 0.6, 0.25];
        data.set(c, (y * w + x) * 3);
      }
    const subject = { width: w, height: h, data };
    const backdrop = { width: w, height: h, data: new Float32Array(w * h * 3).fill(0.5) };
    const alpha = new Float32Array(w * h).fill(1);
    matchLight(subject, alpha, backdrop, { x: 0, y: 0, width: w, height: h }, 0);
    const o = (30 * w + 30) * 3;
    const cheek = { r: data[o]!, g: data[o + 1]!, b: data[o + 2]! };
    expect(off(cheek)).toBeLessThanOrEqual(SKIN_HUE_SLACK + 1);
  });
});

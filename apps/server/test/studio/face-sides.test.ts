/**
 * `restoreFaceSides` on a drawn face: it gives back an ear the matte left out when the wall is
 * grey, and takes nothing when the wall has the skin's own colour (a beige wall beside a face).
 */
import { describe, expect, it } from 'vitest';
import { restoreFaceSides } from '../../src/modules/processing/studio/face-sides.js';

const W = 200;
const H = 200;
const FACE = { x: 60, y: 40, width: 80, height: 100 };
const SKIN = [214, 170, 140] as const;

/** A skin-coloured oval face with an ear on its left, on a wall; the matte holds the face only. */
function scene(wall: readonly [number, number, number]) {
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Float32Array(W * H);
  const inFace = (x: number, y: number) => ((x - 100) / 36) ** 2 + ((y - 90) / 48) ** 2 < 1;
  const inEar = (x: number, y: number) => ((x - 62) / 6) ** 2 + ((y - 85) / 12) ** 2 < 1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      // A little texture, as a photo has: the test is of colour, not of a flat fill.
      const grain = ((x * 7 + y * 13) % 5) - 2;
      const c = inFace(x, y) || inEar(x, y) ? SKIN : wall;
      for (let k = 0; k < 3; k++) rgb[i * 3 + k] = c[k]! + grain;
      alpha[i] = inFace(x, y) ? 1 : 0;
    }
  }
  const ear = (a: Float32Array) => {
    let kept = 0;
    let all = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if (inEar(x, y) && !inFace(x, y)) {
          all++;
          if (a[y * W + x]! >= 0.5) kept++;
        }
    return kept / all;
  };
  const outside = (a: Float32Array) => {
    let n = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (!inEar(x, y) && !inFace(x, y) && a[y * W + x]! >= 0.5) n++;
    return n;
  };
  return { rgb, alpha, ear, outside };
}

describe('restoreFaceSides', () => {
  it('gives back a skin-coloured ear beside a grey wall, and no wall', () => {
    const s = scene([200, 198, 202]);
    expect(s.ear(s.alpha)).toBe(0);
    expect(restoreFaceSides(s.alpha, s.rgb, W, H, FACE)).toBeGreaterThan(0);
    expect(s.ear(s.alpha)).toBeGreaterThan(0.9);
    expect(s.outside(s.alpha)).toBeLessThan(10);
  });

  it('takes nothing when the wall has the skin colour', () => {
    const s = scene([SKIN[0], SKIN[1], SKIN[2]]);
    expect(restoreFaceSides(s.alpha, s.rgb, W, H, FACE)).toBe(0);
    expect(s.ear(s.alpha)).toBe(0);
  });
});

/**
 * `decontaminate` blurs the interior's colours only on the tiles its edge band reads: the result
 * must be what the whole-frame blurs give (the reference below is that version: the band at half
 * size, the colours at half size, or at quarter size for σ ≥ 5 px, as `colourFactor` says).
 */
import { describe, expect, it } from 'vitest';
import { colourFactor, decontaminate } from '../../src/modules/processing/studio/decontaminate.js';
import {
  downsample,
  downsampleRgb,
  gaussBlurExact,
  sampleCoarse,
  smoothstep,
  type CoarseBlur,
  type Rgb,
} from '../../src/modules/processing/studio/planes.js';

function wholeFrame(subject: Rgb, alpha: Float32Array, sigma: number): void {
  const { width, height, data } = subject;
  const f = 2;
  const a2 = downsample(alpha, width, height, f);
  const sw = a2.width;
  const sh = a2.height;
  const spread = gaussBlurExact(a2.data, sw, sh, (sigma * 0.6) / f);
  const inner = new Float32Array(sw * sh);
  for (let i = 0; i < inner.length; i++)
    inner[i] = smoothstep(0.8, 0.98, spread[i]!) * smoothstep(0.9, 1, a2.data[i]!);
  // The colour blurs on a grid m times coarser than the band's.
  const c = colourFactor(sigma);
  const m = c / f;
  const coarser = (d: Float32Array) => (m === 1 ? d : downsample(d, sw, sh, m).data);
  const cw = Math.ceil(sw / m);
  const ch = Math.ceil(sh / m);
  const coarse = (d: Float32Array): CoarseBlur => ({
    data: gaussBlurExact(d, cw, ch, sigma / c),
    width: cw,
    height: ch,
    f: c,
  });
  const den = coarse(coarser(inner));
  const innerAt: CoarseBlur = { data: inner, width: sw, height: sh, f };
  const num = downsampleRgb(subject, f).data.map((small) => {
    for (let i = 0; i < small.length; i++) small[i] = small[i]! * inner[i]!;
    return coarse(coarser(small));
  });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = alpha[i]!;
      if (a <= 0.002) continue;
      const core = a < 0.9 ? 0 : sampleCoarse(innerAt, x, y);
      if (core >= 0.98) continue;
      const d = sampleCoarse(den, x, y);
      if (d < 1e-3) continue;
      const keep = Math.min(a * a, 0.25 + 0.75 * core);
      for (let c = 0; c < 3; c++) {
        const fg = sampleCoarse(num[c]!, x, y) / d;
        data[i * 3 + c] = data[i * 3 + c]! * keep + fg * (1 - keep);
      }
    }
  }
}

/** A soft-edged figure touching the bottom and right borders, a speck, on a striped scene. */
function scene(width: number, height: number): { img: Rgb; alpha: Float32Array } {
  const alpha = new Float32Array(width * height);
  const data = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const d = Math.hypot(x - width * 0.75, y - height * 0.45) / (width * 0.3);
      alpha[i] = y > height * 0.8 ? 1 : Math.min(1, Math.max(0, (1 - d) * 5));
      const stripe = Math.floor(x / 7) % 2;
      data[i * 3] = alpha[i]! > 0.5 ? 0.7 + 0.1 * Math.sin(x * 0.3) : stripe;
      data[i * 3 + 1] = alpha[i]! > 0.5 ? 0.5 : 1 - stripe;
      data[i * 3 + 2] = alpha[i]! > 0.5 ? 0.4 + 0.1 * Math.cos(y * 0.2) : 0.2;
    }
  }
  alpha[12 * width + 15] = 0.6;
  return { img: { width, height, data }, alpha };
}

describe('decontaminate', () => {
  it('equals the whole-frame version, tile seams and frame borders included', () => {
    // Odd sizes: partial tiles and a half-size plane with a partial last block.
    for (const [w, h, sigma] of [
      [333, 271, 6.3],
      [150, 97, 2],
      [401, 203, 9],
    ] as const) {
      const { img, alpha } = scene(w, h);
      const want = { ...img, data: img.data.slice() };
      wholeFrame(want, alpha, sigma);
      const got = { ...img, data: img.data.slice() };
      decontaminate(got, alpha, sigma);
      let worst = 0;
      let changed = 0;
      for (let i = 0; i < want.data.length; i++) {
        worst = Math.max(worst, Math.abs(got.data[i]! - want.data[i]!));
        if (Math.abs(got.data[i]! - img.data[i]!) > 0.01) changed++;
      }
      expect(worst).toBeLessThan(1e-5);
      // Planes handed out dirty (a render's reused scratch) are written before they are read.
      const dirty = { ...img, data: img.data.slice() };
      decontaminate(dirty, alpha, sigma, (n) => new Float32Array(n).fill(Number.NaN));
      expect(dirty.data).toEqual(got.data);
      // The band really was cleaned (the stripes' colours pulled towards the interior).
      expect(changed).toBeGreaterThan(w);
    }
  });
});

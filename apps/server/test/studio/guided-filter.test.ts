/**
 * The guided filter (skin retouch, the matte's refinement) works in three planes, five when the
 * guide is another image, writing each again once what it held is used up. Its values must be
 * those of the plain formulation with a fresh array per step, kept here as the reference, to the
 * bit: the portraits and the corpus baseline depend on them.
 */
import { describe, expect, it } from 'vitest';
import { boxBlur, clamp01 } from '../../src/modules/processing/studio/planes.js';
import { guidedFilter } from '../../src/modules/processing/studio/refine-mask.js';

/** He, Sun and Tang's guided filter, one fresh array per step. */
function reference(guide: Float32Array, p: Float32Array, w: number, h: number, r: number, eps: number) {
  const n = w * h;
  const ii = new Float32Array(n);
  const ip = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    ii[i] = guide[i]! * guide[i]!;
    ip[i] = guide[i]! * p[i]!;
  }
  const meanI = boxBlur(guide, w, h, r);
  const meanP = boxBlur(p, w, h, r);
  const corrII = boxBlur(ii, w, h, r);
  const corrIP = boxBlur(ip, w, h, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const varI = corrII[i]! - meanI[i]! * meanI[i]!;
    const cov = corrIP[i]! - meanI[i]! * meanP[i]!;
    a[i] = cov / (varI + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  const meanA = boxBlur(a, w, h, r);
  const meanB = boxBlur(b, w, h, r);
  return Float32Array.from({ length: n }, (_, i) => clamp01(meanA[i]! * guide[i]! + meanB[i]!));
}

function noise(n: number, seed: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length: n }, () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

const identical = (x: Float32Array, y: Float32Array) =>
  x.length === y.length && x.every((v, i) => Object.is(v, y[i]));

describe('guidedFilter', () => {
  it.each([
    [37, 29, 1],
    [120, 97, 4],
    [61, 140, 9],
  ])('matches the plain formulation to the bit at %i×%i, radius %i', (w, h, r) => {
    const guide = noise(w * h, w);
    const p = noise(w * h, h);
    const copy = guide.slice();
    expect(
      identical(guidedFilter(guide, guide, w, h, r, 0.0016), reference(guide, guide, w, h, r, 0.0016)),
    ).toBe(true);
    expect(identical(guidedFilter(guide, p, w, h, r, 2e-3), reference(guide, p, w, h, r, 2e-3))).toBe(true);
    // The inputs are left as they were.
    expect(identical(guide, copy)).toBe(true);
  });

  it('box-blurs into its own input as into a fresh array', () => {
    const data = noise(53 * 41, 7);
    const fresh = boxBlur(data, 53, 41, 3);
    expect(identical(boxBlur(data, 53, 41, 3, data, new Float32Array(data.length)), fresh)).toBe(true);
  });
});

/**
 * The output sharpening, on the float image before it is encoded: an unsharp mask on luma with
 * libvips' `sharpen` response (a gentle slope `m1` for small differences, a steeper `m2` for edges,
 * brightening and darkening capped) but computed here. sharp's sharpen converts the whole frame to
 * LAB and back, which cost ~0.2 s of CPU per 2048 px portrait, a fifth of the render budget.
 * Luma of gamma-encoded sRGB stands in for L* (both are perceptually spaced), ×100 for its units.
 */
import { luma, type Rgb } from './planes.js';
import { freshPlanes, type RenderScratch } from './scratch.js';

type Planes = Pick<RenderScratch, 'floats' | 'bytes'>;
const FRESH: Planes = { floats: freshPlanes, bytes: (n) => Buffer.allocUnsafe(n) };

export type SharpenParams = {
  sigma: number;
  /** Slope for differences under `x1` (flat areas). */
  m1: number;
  /** Slope above `x1` (edges). */
  m2: number;
  /** Threshold between flat and edge, in L* units (0..100); libvips' default 2. */
  x1?: number;
  /** Largest brightening and darkening, in L* units; libvips' defaults 10 and 20. */
  y2?: number;
  y3?: number;
};

/** A normalised Gaussian cut where it falls under 0.2 of its peak, as libvips' sharpen mask is. */
function kernel(sigma: number): Float32Array {
  const r = Math.max(1, Math.floor(sigma * Math.sqrt(2 * Math.log(5))));
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i] = k[i]! / sum;
  return k;
}

/**
 * Separable convolution of a plane with `k`, edges clamped. The sums are taken term by term in
 * kernel order; the columns' are rounded to float after every add (as accumulating in a
 * Float32Array would) and each output row is written once.
 */
function blur(
  src: Float32Array,
  width: number,
  height: number,
  k: Float32Array,
  planes: Planes,
): Float32Array {
  const r = (k.length - 1) / 2;
  const tmp = planes.floats(src.length, true);
  // The output's radius is 1 or 2 (σ ≤ 1.6): those taps are held in locals.
  const small = r <= 2;
  const k0 = r === 2 ? k[0]! : 0;
  const k1 = r === 2 ? k[1]! : k[0]!;
  const k2 = r === 2 ? k[2]! : k[1]!;
  const k3 = r === 2 ? k[3]! : k[2]!;
  const k4 = r === 2 ? k[4]! : 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let acc = 0;
      if (small && x >= 2 && x < width - 2) {
        const s = row + x;
        if (r === 2) acc = src[s - 2]! * k0;
        acc += src[s - 1]! * k1;
        acc += src[s]! * k2;
        acc += src[s + 1]! * k3;
        if (r === 2) acc += src[s + 2]! * k4;
      } else {
        for (let j = -r; j <= r; j++) {
          const xx = x + j < 0 ? 0 : x + j >= width ? width - 1 : x + j;
          acc += src[row + xx]! * k[j + r]!;
        }
      }
      tmp[row + x] = acc;
    }
  }
  const out = planes.floats(src.length, true);
  const rowsOf = new Int32Array(2 * r + 1);
  for (let y = 0; y < height; y++) {
    for (let j = -r; j <= r; j++)
      rowsOf[j + r] = (y + j < 0 ? 0 : y + j >= height ? height - 1 : y + j) * width;
    const o = y * width;
    if (small) {
      const a = rowsOf[r - 1]!;
      const b = rowsOf[r]!;
      const c = rowsOf[r + 1]!;
      const first = rowsOf[0]!;
      const fifth = r === 2 ? rowsOf[4]! : 0;
      for (let x = 0; x < width; x++) {
        let acc = r === 2 ? Math.fround(tmp[first + x]! * k0) : 0;
        acc = Math.fround(acc + tmp[a + x]! * k1);
        acc = Math.fround(acc + tmp[b + x]! * k2);
        acc = Math.fround(acc + tmp[c + x]! * k3);
        if (r === 2) acc = Math.fround(acc + tmp[fifth + x]! * k4);
        out[o + x] = acc;
      }
      continue;
    }
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let j = 0; j < k.length; j++) acc = Math.fround(acc + tmp[rowsOf[j]! + x]! * k[j]!);
      out[o + x] = acc;
    }
  }
  return out;
}

/**
 * The sharpened image as bytes, ready to encode (all three channels move by the luma correction;
 * rounded to 0..255 and clamped in the same pass). `img` is left as it was.
 */
export function sharpenToBytes(
  img: Rgb,
  p: SharpenParams,
  planes: Planes = FRESH,
  /** The image's luma if the caller has it already (applyGrading's `lumaOut`). */
  known?: Float32Array,
): Buffer {
  const { width, height, data } = img;
  const n = width * height;
  let l = known;
  if (!l) {
    l = planes.floats(n, true);
    for (let i = 0, o = 0; i < n; i++, o += 3) l[i] = luma(data[o]!, data[o + 1]!, data[o + 2]!);
  }
  const soft = blur(l, width, height, kernel(p.sigma), planes);
  const x1 = (p.x1 ?? 2) / 100;
  const y2 = (p.y2 ?? 10) / 100;
  const y3 = (p.y3 ?? 20) / 100;
  const knee = x1 * p.m1;
  const bytes = planes.bytes(data.length);
  const out = new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = 0, o = 0; i < n; i++, o += 3) {
    const d = l[i]! - soft[i]!;
    const a = d < 0 ? -d : d;
    let y = a <= x1 ? a * p.m1 : knee + (a - x1) * p.m2;
    if (d < 0) y = -(y > y3 ? y3 : y);
    else if (y > y2) y = y2;
    // A clamped view rounds to the nearest byte and clamps in the store itself (ties go to the
    // even byte, not up: a float exactly half-way between two levels, in practice never).
    out[o] = (data[o]! + y) * 255;
    out[o + 1] = (data[o + 1]! + y) * 255;
    out[o + 2] = (data[o + 2]! + y) * 255;
  }
  return bytes;
}

/**
 * Float image planes and the few filters the studio engine needs, in plain JS: box and Gaussian
 * blurs in O(pixels) whatever the radius (running sums), a min filter for erosion. Values are
 * 0..1; RGB images are interleaved.
 */

export type Plane = { width: number; height: number; data: Float32Array };
export type Rgb = { width: number; height: number; data: Float32Array };

export function plane(width: number, height: number, fill = 0): Plane {
  const data = new Float32Array(width * height);
  if (fill) data.fill(fill);
  return { width, height, data };
}

/** byte / 255 for every byte: a table read is cheaper than a division per channel. */
export const UNIT_OF_BYTE = Float32Array.from({ length: 256 }, (_, i) => i / 255);

export function fromBytes(
  bytes: Uint8Array,
  width: number,
  height: number,
  channels: number,
  out: Float32Array = new Float32Array(width * height * channels),
): Float32Array {
  for (let i = 0; i < out.length; i++) out[i] = UNIT_OF_BYTE[bytes[i]!]!;
  return out;
}

/**
 * Box blur of radius r (window 2r+1, edges clamped) into `out`, a new array unless given; `out`
 * may be `data` itself (the second pass reads only `tmp`). `tmp`, as long, holds the first pass.
 */
export function boxBlur(
  data: Float32Array,
  width: number,
  height: number,
  r: number,
  out?: Float32Array,
  tmp?: Float32Array,
): Float32Array {
  if (r < 1) {
    if (!out) return data.slice();
    out.set(data);
    return out;
  }
  const scale = 1 / (2 * r + 1);
  tmp ??= new Float32Array(data.length);
  out ??= new Float32Array(data.length);
  // Rows: a running sum along each row.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += data[row + (k < 0 ? 0 : k >= width ? width - 1 : k)]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = acc * scale;
      const add = x + r + 1;
      const sub = x - r;
      acc += data[row + (add >= width ? width - 1 : add)]! - data[row + (sub < 0 ? 0 : sub)]!;
    }
  }
  // Columns: running sums for all columns at once, row by row (cache friendly).
  const sums = new Float64Array(width);
  for (let k = -r; k <= r; k++) {
    const row = (k < 0 ? 0 : k >= height ? height - 1 : k) * width;
    for (let x = 0; x < width; x++) sums[x] += tmp[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const addRow = (y + r + 1 >= height ? height - 1 : y + r + 1) * width;
    const subRow = (y - r < 0 ? 0 : y - r) * width;
    for (let x = 0; x < width; x++) {
      out[row + x] = sums[x]! * scale;
      sums[x] += tmp[addRow + x]! - tmp[subRow + x]!;
    }
  }
  return out;
}

/** The radius of each of the three box passes `gaussBlurExact` makes for `sigma` (0: none). */
export function gaussBoxRadius(sigma: number): number {
  if (sigma < 0.5) return 0;
  return Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));
}

/** Approximates a Gaussian of standard deviation `sigma` with three box passes. */
export function gaussBlurExact(
  data: Float32Array,
  width: number,
  height: number,
  sigma: number,
): Float32Array {
  const r = gaussBoxRadius(sigma);
  if (r === 0) return data.slice();
  return boxBlur(boxBlur(boxBlur(data, width, height, r), width, height, r), width, height, r);
}

/**
 * Averages `f`×`f` blocks (edges partial). With `shift`, of the plane moved right by `dx` and down
 * by `dy` (zeros where it moved away), without making that copy.
 */
export function downsample(
  data: Float32Array,
  width: number,
  height: number,
  f: number,
  shift: { dx: number; dy: number } = { dx: 0, dy: 0 },
) {
  const w = Math.ceil(width / f);
  const h = Math.ceil(height / f);
  const out = new Float32Array(w * h);
  const { dx, dy } = shift;
  // Block by block, each summed in a local (rows in order, left to right, rounded to float after
  // every add as a Float32Array accumulator would be): no chain of loads and stores through one
  // array element.
  for (let by = 0; by < h; by++) {
    const y0 = Math.max(by * f, dy);
    const y1 = Math.min(height, by * f + f);
    const rows = Math.min(height, by * f + f) - by * f;
    for (let bx = 0; bx < w; bx++) {
      const x0 = Math.max(bx * f, dx);
      const x1 = Math.min(width, bx * f + f);
      let acc = 0;
      // The shifted-in zeros would add nothing to the sums: skipped.
      for (let y = y0; y < y1; y++) {
        const src = (y - dy) * width - dx;
        for (let x = x0; x < x1; x++) acc = Math.fround(acc + data[src + x]!);
      }
      out[by * w + bx] = acc / (rows * (Math.min(width, bx * f + f) - bx * f));
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * `downsample` of each channel of an interleaved RGB image, in one pass over it (no full-size
 * channel copies): the same sums in the same order, so the same values.
 */
export function downsampleRgb(img: Rgb, f: number): { data: Float32Array[]; width: number; height: number } {
  const { width, height, data } = img;
  const w = Math.ceil(width / f);
  const h = Math.ceil(height / f);
  const out = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
  const [r, g, b] = out as [Float32Array, Float32Array, Float32Array];
  // As `downsample`: each block summed in locals, rounded to float after every add.
  for (let by = 0; by < h; by++) {
    const y0 = by * f;
    const y1 = Math.min(height, y0 + f);
    for (let bx = 0; bx < w; bx++) {
      const x0 = bx * f;
      const x1 = Math.min(width, x0 + f);
      let ar = 0;
      let ag = 0;
      let ab = 0;
      for (let y = y0; y < y1; y++) {
        for (let s = (y * width + x0) * 3, end = (y * width + x1) * 3; s < end; s += 3) {
          ar = Math.fround(ar + data[s]!);
          ag = Math.fround(ag + data[s + 1]!);
          ab = Math.fround(ab + data[s + 2]!);
        }
      }
      const area = (y1 - y0) * (x1 - x0);
      r[by * w + bx] = ar / area;
      g[by * w + bx] = ag / area;
      b[by * w + bx] = ab / area;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * Bilinear upsampling of a `f`-times smaller plane to `width`×`height`, handed out a row at a time
 * (`visit` must not keep `row`): a caller that only multiplies by it needs no full-size plane.
 */
export function upsampleRows(
  small: Float32Array,
  w: number,
  h: number,
  width: number,
  height: number,
  f: number,
  visit: (y: number, row: Float32Array) => void,
): void {
  // The horizontal taps and weights are the same on every row: computed once.
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const txs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5));
    x0s[x] = fx | 0;
    x1s[x] = x0s[x]! + 1 < w ? x0s[x]! + 1 : x0s[x]!;
    txs[x] = fx - x0s[x]!;
  }
  const rowA = new Float32Array(width);
  const rowB = new Float32Array(width);
  const row = new Float32Array(width);
  let cached = -1;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = fy | 0;
    const y1 = y0 + 1 < h ? y0 + 1 : y0;
    const ty = fy - y0;
    if (y0 !== cached) {
      // The two source rows, interpolated horizontally, are shared by about f output rows.
      const a = y0 * w;
      const b = y1 * w;
      for (let x = 0; x < width; x++) {
        const i0 = x0s[x]!;
        const i1 = x1s[x]!;
        const t = txs[x]!;
        rowA[x] = small[a + i0]! + (small[a + i1]! - small[a + i0]!) * t;
        rowB[x] = small[b + i0]! + (small[b + i1]! - small[b + i0]!) * t;
      }
      cached = y0;
    }
    for (let x = 0; x < width; x++) row[x] = rowA[x]! + (rowB[x]! - rowA[x]!) * ty;
    visit(y, row);
  }
}

function upsample(
  small: Float32Array,
  w: number,
  h: number,
  width: number,
  height: number,
  f: number,
): Float32Array {
  const out = new Float32Array(width * height);
  upsampleRows(small, w, h, width, height, f, (y, row) => out.set(row, y * width));
  return out;
}

/** How many times smaller the copy is that `gaussBlur` blurs for `sigma` (1: the plane itself). */
export function gaussBlurFactor(sigma: number): number {
  const f = Math.min(8, Math.floor(sigma / 3));
  return f < 2 ? 1 : f;
}

/**
 * How far from a pixel `gaussBlur` reads, with a cell to spare: a window cut that far around a
 * region, its corner at a multiple of `gaussBlurFactor`, blurs the region as the whole plane does
 * (up to float rounding in the running sums, which start elsewhere). On the smaller copy the three
 * box passes reach 3r cells, the upsampling one more, and a window's last cell may be partial.
 */
export function gaussBlurReach(sigma: number): number {
  const f = gaussBlurFactor(sigma);
  if (f === 1) return 3 * gaussBoxRadius(sigma);
  return (3 * gaussBoxRadius(sigma / f) + 3) * f;
}

export type Window = { x0: number; y0: number; x1: number; y1: number };

/**
 * The window of a `width` × `height` plane to blur in place of the whole plane when only `region`
 * is read, for blurs of each of `sigmas`: `gaussBlurReach` around it, clipped to the plane, its
 * left and top edges on every blur's cell grid.
 */
export function blurWindow(region: Window, width: number, height: number, ...sigmas: number[]): Window {
  let reach = 0;
  let grid = 1;
  for (const sigma of sigmas) {
    reach = Math.max(reach, gaussBlurReach(sigma));
    const f = gaussBlurFactor(sigma);
    let common = grid;
    while (common % f) common += grid;
    grid = common;
  }
  return {
    x0: Math.max(0, Math.floor((region.x0 - reach) / grid) * grid),
    y0: Math.max(0, Math.floor((region.y0 - reach) / grid) * grid),
    x1: Math.min(width, region.x1 + reach),
    y1: Math.min(height, region.y1 + reach),
  };
}

/**
 * A Gaussian blur; wide ones run on a smaller copy (a blur of σ ≥ 6 px has no detail that a
 * quarter-size plane would lose), which makes them an order of magnitude cheaper.
 */
export function gaussBlur(data: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const f = gaussBlurFactor(sigma);
  if (f === 1) return gaussBlurExact(data, width, height, sigma);
  const small = downsample(data, width, height, f);
  const blurred = gaussBlurExact(small.data, small.width, small.height, sigma / f);
  return upsample(blurred, small.width, small.height, width, height, f);
}

/**
 * `gaussBlur` for a caller that reads few of its pixels: the value `gaussBlur(...)[y * width + x]`
 * would hold, bit for bit, computed when read instead of upsampling the whole plane. Unlike
 * `sampleCoarse`, which the render reads in double precision (rounding it as here moves one
 * style's portrait by a level), it repeats `upsampleRows`' roundings to float.
 */
export function gaussBlurReader(
  data: Float32Array,
  width: number,
  height: number,
  sigma: number,
): (x: number, y: number) => number {
  if (gaussBlurFactor(sigma) === 1) {
    const full = gaussBlurExact(data, width, height, sigma);
    return (x, y) => full[y * width + x]!;
  }
  const { data: c, width: w, height: h, f } = gaussBlurCoarse(data, width, height, sigma);
  return (x, y) => {
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5));
    const x0 = fx | 0;
    const x1 = x0 + 1 < w ? x0 + 1 : x0;
    const tx = Math.fround(fx - x0);
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const a = (fy | 0) * w;
    const b = (fy | 0) + 1 < h ? a + w : a;
    const top = Math.fround(c[a + x0]! + (c[a + x1]! - c[a + x0]!) * tx);
    const bottom = Math.fround(c[b + x0]! + (c[b + x1]! - c[b + x0]!) * tx);
    return Math.fround(top + (bottom - top) * (fy - (fy | 0)));
  };
}

/** A wide Gaussian blur kept at its reduced size, for reading only where it is needed. */
export type CoarseBlur = { data: Float32Array; width: number; height: number; f: number };

export function gaussBlurCoarse(
  data: Float32Array,
  width: number,
  height: number,
  sigma: number,
): CoarseBlur {
  const f = gaussBlurFactor(sigma);
  const small = f > 1 ? downsample(data, width, height, f) : { data, width, height };
  return { ...small, data: gaussBlurExact(small.data, small.width, small.height, sigma / f), f };
}

/** `gaussBlurCoarse` of each channel of an interleaved RGB image. */
export function gaussBlurCoarseRgb(img: Rgb, sigma: number): CoarseBlur[] {
  const f = gaussBlurFactor(sigma);
  const small = downsampleRgb(img, f);
  return small.data.map((d) => ({
    data: gaussBlurExact(d, small.width, small.height, sigma / f),
    width: small.width,
    height: small.height,
    f,
  }));
}

/**
 * The coarse blur's bilinear value at full-size pixel (x, y), as `gaussBlur` would give it to its
 * float rounding (read in double precision; `gaussBlurReader` gives the stored value exactly).
 */
export function sampleCoarse(c: CoarseBlur, x: number, y: number): number {
  const fx = Math.min(c.width - 1, Math.max(0, (x + 0.5) / c.f - 0.5));
  const fy = Math.min(c.height - 1, Math.max(0, (y + 0.5) / c.f - 0.5));
  const x0 = fx | 0;
  const y0 = fy | 0;
  const x1 = x0 + 1 < c.width ? x0 + 1 : x0;
  const y1 = y0 + 1 < c.height ? y0 + 1 : y0;
  const tx = fx - x0;
  const d = c.data;
  const a = d[y0 * c.width + x0]! + (d[y0 * c.width + x1]! - d[y0 * c.width + x0]!) * tx;
  const b = d[y1 * c.width + x0]! + (d[y1 * c.width + x1]! - d[y1 * c.width + x0]!) * tx;
  return a + (b - a) * (fy - y0);
}

/**
 * For skipping `sampleCoarse` where its value is sure to be high: per coarse cell, the least of
 * the four values a sample there interpolates (the cell, the next right, below, below right;
 * clamped at the borders), and for each full-size column and row the cell `sampleCoarse` reads.
 * A bilinear sample never falls below the least of its four values.
 */
export function coarseFloor(
  c: CoarseBlur,
  width: number,
  height: number,
): { least: Float32Array; cols: Int32Array; rows: Int32Array } {
  const { data, width: w, height: h, f } = c;
  const least = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const down = y + 1 < h ? w : 0;
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const right = x + 1 < w ? 1 : 0;
      least[i] = Math.min(data[i]!, data[i + right]!, data[i + down]!, data[i + down + right]!);
    }
  }
  const cols = new Int32Array(width);
  for (let x = 0; x < width; x++) cols[x] = Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5)) | 0;
  const rows = new Int32Array(height);
  for (let y = 0; y < height; y++) rows[y] = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5)) | 0;
  return { least, cols, rows };
}

/** One channel of an interleaved RGB image. */
export function channel(img: Rgb, c: number): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = img.data[i * 3 + c]!;
  return out;
}

/**
 * Min filter (erosion) with a square window of radius r, separable, values capped at 1. Each pass
 * is van Herk's: the line, padded by r on both sides, is cut into runs of 2r + 1, and every
 * window spans the tail of one run and the head of the next, so its minimum is the least of a
 * running minimum from the run's end and one from the next run's start: three reads per pixel
 * whatever the radius.
 */
export function erode(data: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r < 1) return data.slice();
  const k = 2 * r + 1;
  const tmp = new Float32Array(data.length);
  const across = width + 2 * r;
  const line = new Float32Array(across).fill(Infinity);
  const head = new Float32Array(across);
  const tail = new Float32Array(across);
  for (let y = 0; y < height; y++) {
    line.set(data.subarray(y * width, y * width + width), r);
    for (let s = 0; s < across; s += k) {
      const e = Math.min(across, s + k);
      let m = Infinity;
      for (let p = s; p < e; p++) head[p] = m = line[p]! < m ? line[p]! : m;
      m = Infinity;
      for (let p = e - 1; p >= s; p--) tail[p] = m = line[p]! < m ? line[p]! : m;
    }
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const m = tail[x]! < head[x + 2 * r]! ? tail[x]! : head[x + 2 * r]!;
      tmp[i] = m < 1 ? m : 1;
    }
  }
  // Columns the same way, a strip of columns at a time so the runs go down whole rows.
  const out = new Float32Array(data.length);
  const down = height + 2 * r;
  const strip = 64;
  const lines = new Float32Array(down * strip).fill(Infinity);
  const heads = new Float32Array(down * strip);
  const tails = new Float32Array(down * strip);
  for (let x0 = 0; x0 < width; x0 += strip) {
    const sw = Math.min(strip, width - x0);
    for (let y = 0; y < height; y++)
      lines.set(tmp.subarray(y * width + x0, y * width + x0 + sw), (y + r) * strip);
    for (let s = 0; s < down; s += k) {
      const e = Math.min(down, s + k);
      heads.set(lines.subarray(s * strip, s * strip + strip), s * strip);
      for (let p = s + 1; p < e; p++)
        for (let c = 0, i = p * strip; c < sw; c++, i++)
          heads[i] = lines[i]! < heads[i - strip]! ? lines[i]! : heads[i - strip]!;
      tails.set(lines.subarray((e - 1) * strip, e * strip), (e - 1) * strip);
      for (let p = e - 2; p >= s; p--)
        for (let c = 0, i = p * strip; c < sw; c++, i++)
          tails[i] = lines[i]! < tails[i + strip]! ? lines[i]! : tails[i + strip]!;
    }
    for (let y = 0; y < height; y++)
      for (let c = 0, i = y * strip, o = y * width + x0; c < sw; c++, i++, o++) {
        const a = tails[i]!;
        const b = heads[i + 2 * r * strip]!;
        out[o] = a < b ? a : b;
      }
  }
  return out;
}

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

export function smoothstep(e0: number, e1: number, x: number): number {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

/** Rec. 709 luma of an sRGB triple. */
export function luma(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function greyOf(img: Rgb): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = luma(img.data[i * 3]!, img.data[i * 3 + 1]!, img.data[i * 3 + 2]!);
  return out;
}

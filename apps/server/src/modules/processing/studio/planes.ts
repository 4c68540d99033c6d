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

export function fromBytes(bytes: Uint8Array, width: number, height: number, channels: number): Float32Array {
  const out = new Float32Array(width * height * channels);
  for (let i = 0; i < out.length; i++) out[i] = bytes[i]! / 255;
  return out;
}

export function toBytes(data: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(data.length);
  for (let i = 0; i < data.length; i++) {
    const v = data[i]! * 255 + 0.5;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  return out;
}

/** Box blur of radius r (window 2r+1, edges clamped); returns a new array. */
export function boxBlur(data: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r < 1) return data.slice();
  const scale = 1 / (2 * r + 1);
  const tmp = new Float32Array(data.length);
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
  const out = new Float32Array(data.length);
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

/** Approximates a Gaussian of standard deviation `sigma` with three box passes. */
export function gaussBlurExact(
  data: Float32Array,
  width: number,
  height: number,
  sigma: number,
): Float32Array {
  if (sigma < 0.5) return data.slice();
  const r = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));
  return boxBlur(boxBlur(boxBlur(data, width, height, r), width, height, r), width, height, r);
}

/** Averages `f`×`f` blocks (edges partial). */
function downsample(data: Float32Array, width: number, height: number, f: number) {
  const w = Math.ceil(width / f);
  const h = Math.ceil(height / f);
  const out = new Float32Array(w * h);
  const counts = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = ((y / f) | 0) * w;
    for (let x = 0; x < width; x++) {
      const i = row + ((x / f) | 0);
      out[i] = out[i]! + data[y * width + x]!;
      counts[i] = counts[i]! + 1;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / counts[i]!;
  return { data: out, width: w, height: h };
}

/** Bilinear upsampling of a `f`-times smaller plane back to `width`×`height`. */
function upsample(
  small: Float32Array,
  w: number,
  h: number,
  width: number,
  height: number,
  f: number,
): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = fy | 0;
    const y1 = y0 + 1 < h ? y0 + 1 : y0;
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5));
      const x0 = fx | 0;
      const x1 = x0 + 1 < w ? x0 + 1 : x0;
      const tx = fx - x0;
      const a = small[y0 * w + x0]! + (small[y0 * w + x1]! - small[y0 * w + x0]!) * tx;
      const b = small[y1 * w + x0]! + (small[y1 * w + x1]! - small[y1 * w + x0]!) * tx;
      out[y * width + x] = a + (b - a) * ty;
    }
  }
  return out;
}

/**
 * A Gaussian blur; wide ones run on a smaller copy (a blur of σ ≥ 6 px has no detail that a
 * quarter-size plane would lose), which makes them an order of magnitude cheaper.
 */
export function gaussBlur(data: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const f = Math.min(8, Math.floor(sigma / 3));
  if (f < 2) return gaussBlurExact(data, width, height, sigma);
  const small = downsample(data, width, height, f);
  const blurred = gaussBlurExact(small.data, small.width, small.height, sigma / f);
  return upsample(blurred, small.width, small.height, width, height, f);
}

/** Per-channel Gaussian blur of an interleaved RGB image. */
export function gaussBlurRgb(img: Rgb, sigma: number): Rgb {
  const { width, height } = img;
  const n = width * height;
  const out = new Float32Array(n * 3);
  const ch = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) ch[i] = img.data[i * 3 + c]!;
    const b = gaussBlur(ch, width, height, sigma);
    for (let i = 0; i < n; i++) out[i * 3 + c] = b[i]!;
  }
  return { width, height, data: out };
}

/** Min filter (erosion) with a square window of radius r, separable. */
export function erode(data: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r < 1) return data.slice();
  const tmp = new Float32Array(data.length);
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let m = 1;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++) m = Math.min(m, data[row + k]!);
      tmp[row + x] = m;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let m = 1;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++)
        m = Math.min(m, tmp[k * width + x]!);
      out[y * width + x] = m;
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

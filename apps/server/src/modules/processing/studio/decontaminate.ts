/**
 * Edge decontamination: colours at the matte's edge replaced with nearby interior subject colours.
 * The band is wider than the soft ramp: the old background spills a few pixels into the solid
 * matte too (a green wall or a patterned scene leaves a coloured rim), so pixels near the edge are
 * drawn towards the interior's colours however solid the matte is there.
 *
 * The interior's colours are a normalised convolution (blur of colour × interior over blur of
 * interior) at half size. Only the band reads them, so they are blurred only on the tiles the band
 * samples (`blurInTiles`), which at 2048 px is a small part of the frame.
 */
import { coarseFloor, downsample, sampleCoarse, smoothstep, type CoarseBlur, type Rgb } from './planes.js';
import { BLUR_TILE, blurInTiles, uniformValue, windowOf, type BlurWindow } from './tiled-blur.js';

/** Half size: the blurs are several pixels wide. */
const F = 2;
/** Above this everywhere around it, a bilinear sample cannot fall under the band's 0.98. */
const SURELY_CORE = 0.9801;

export function decontaminate(subject: Rgb, alpha: Float32Array, sigma: number): void {
  const { width, height, data } = subject;
  const a2 = downsample(alpha, width, height, F);
  const sw = a2.width;
  const sh = a2.height;
  // How far inside the solid matte a half-size pixel is; uniform windows stay as they are.
  const spread = new Float32Array(sw * sh);
  blurInTiles(sw, sh, (sigma * 0.6) / F, [spread], (w) => {
    const u = uniformValue(a2.data, sw, w);
    return u === null ? [windowOf(a2.data, sw, w)] : [u];
  });
  const inner = new Float32Array(sw * sh);
  // Under 0.9 of matte the second factor is 0 (most of the frame: the backdrop side).
  for (let i = 0; i < inner.length; i++) {
    const a = a2.data[i]!;
    if (a > 0.9) inner[i] = smoothstep(0.8, 0.98, spread[i]!) * smoothstep(0.9, 1, a);
  }
  const innerAt: CoarseBlur = { data: inner, width: sw, height: sh, f: F };

  // The band: its pixels, how interior each is, and the half-size tiles their samples fall in.
  // Where all four values a sample interpolates are interior beyond doubt, it is skipped unread.
  const { least, cols, rows } = coarseFloor(innerAt, width, height);
  const tilesX = Math.ceil(sw / BLUR_TILE);
  const wanted = new Uint8Array(tilesX * Math.ceil(sh / BLUR_TILE));
  let band = new Int32Array(1 << 16);
  let cores = new Float32Array(1 << 16);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const cy = rows[y]!;
    const ra = (cy / BLUR_TILE) | 0;
    const rb = (Math.min(sh - 1, cy + 1) / BLUR_TILE) | 0;
    const cellRow = cy * sw;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const a = alpha[i]!;
      if (a <= 0.002) continue;
      if (a >= 0.9 && least[cellRow + cols[x]!]! > SURELY_CORE) continue;
      const core = a < 0.9 ? 0 : sampleCoarse(innerAt, x, y);
      if (core >= 0.98) continue;
      if (count === band.length) {
        band = grow(band);
        cores = grow(cores);
      }
      band[count] = i;
      cores[count++] = core;
      const cx = cols[x]!;
      const ca = (cx / BLUR_TILE) | 0;
      const cb = (Math.min(sw - 1, cx + 1) / BLUR_TILE) | 0;
      wanted[ra * tilesX + ca] = 1;
      wanted[ra * tilesX + cb] = 1;
      wanted[rb * tilesX + ca] = 1;
      wanted[rb * tilesX + cb] = 1;
    }
  }
  if (count === 0) return;

  const den = new Float32Array(sw * sh);
  const num = [new Float32Array(sw * sh), new Float32Array(sw * sh), new Float32Array(sw * sh)];
  blurInTiles(sw, sh, sigma / F, [den, ...num], (w) => {
    if (!wanted[w.ty * tilesX + w.tx]) return null;
    const innerWin = windowOf(inner, sw, w);
    return [innerWin, ...weightedColours(subject, innerWin, w)];
  });
  const at = (d: Float32Array): CoarseBlur => ({ data: d, width: sw, height: sh, f: F });
  const denAt = at(den);
  const numAt = num.map(at);
  for (let k = 0; k < count; k++) {
    const i = band[k]!;
    const x = i % width;
    const y = (i - x) / width;
    const d = sampleCoarse(denAt, x, y);
    if (d < 1e-3) continue;
    const a = alpha[i]!;
    const keep = Math.min(a * a, 0.25 + 0.75 * cores[k]!);
    for (let c = 0; c < 3; c++) {
      const fg = sampleCoarse(numAt[c]!, x, y) / d;
      data[i * 3 + c] = data[i * 3 + c]! * keep + fg * (1 - keep);
    }
  }
}

function grow<T extends Int32Array | Float32Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/**
 * The subject's half-size colours over a window, times the interior weight: `downsampleRgb`'s
 * block averages (the same sums in the same order) for just these blocks.
 */
function weightedColours(img: Rgb, weight: Float32Array, w: BlurWindow): Float32Array[] {
  const { width, height, data } = img;
  const ww = w.x1 - w.x0;
  const n = ww * (w.y1 - w.y0);
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  const xEnd = Math.min(width, w.x1 * F);
  for (let by = w.y0; by < w.y1; by++) {
    const row = (by - w.y0) * ww;
    const yEnd = Math.min(height, (by + 1) * F);
    for (let y = by * F; y < yEnd; y++) {
      for (let x = w.x0 * F, s = (y * width + x) * 3; x < xEnd; x++, s += 3) {
        const o = row + ((x / F) | 0) - w.x0;
        r[o] += data[s]!;
        g[o] += data[s + 1]!;
        b[o] += data[s + 2]!;
      }
    }
    const rows = yEnd - by * F;
    for (let bx = w.x0; bx < w.x1; bx++) {
      const o = row + bx - w.x0;
      const area = rows * (Math.min(width, (bx + 1) * F) - bx * F);
      // Rounded to float between the steps, as the whole-plane version stores them.
      r[o] = Math.fround(r[o]! / area) * weight[o]!;
      g[o] = Math.fround(g[o]! / area) * weight[o]!;
      b[o] = Math.fround(b[o]! / area) * weight[o]!;
    }
  }
  return [r, g, b];
}

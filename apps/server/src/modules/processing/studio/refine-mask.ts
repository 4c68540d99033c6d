/**
 * Turns a coarse person mask into a matte fit for compositing. The cheap segmentation models give
 * blurry, blocky edges; a guided filter (He et al., 2010) snaps them to the photo's own edges,
 * the face box guarantees the face is solid, and at output size the matte is eroded a touch and
 * feathered, so no rim of the old background survives (no halo) and no edge is cut hard (no
 * sticker look).
 */
import {
  boxBlur,
  clamp01,
  erode,
  gaussBlur,
  gaussBlurReader,
  gaussBoxRadius,
  smoothstep,
  type Rgb,
} from './planes.js';
import type { Box } from './framing.js';
import { freshPlanes, type Alloc } from './scratch.js';

/** Edge-preserving smoothing of `p` guided by the grey image `guide`. */
export function guidedFilter(
  guide: Float32Array,
  p: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): Float32Array {
  const n = width * height;
  // Self-guided (p is the guide, as the skin retouch uses it): the mean and correlation of p are
  // those of the guide, so two of the four blurs are the same and made once.
  const self = p === guide;
  // Three planes (five when p is not the guide), each written again once what it held is used
  // up, and one plane for every blur's first pass: at 2048 px a face's retouch made 13 planes
  // (~60 MB) that waited for a collection at the studio thread's peak. Every pass writes whole
  // planes and reads an index only before writing it, so the values are as with fresh arrays.
  const tmp = new Float32Array(n);
  const planeA = new Float32Array(n);
  const planeB = new Float32Array(n);
  for (let i = 0; i < n; i++) planeA[i] = guide[i]! * guide[i]!;
  const corrII = boxBlur(planeA, width, height, r, planeB, tmp);
  let corrIP = corrII;
  if (!self) {
    for (let i = 0; i < n; i++) planeA[i] = guide[i]! * p[i]!;
    corrIP = boxBlur(planeA, width, height, r, undefined, tmp);
  }
  const meanI = boxBlur(guide, width, height, r, planeA, tmp);
  const meanP = self ? meanI : boxBlur(p, width, height, r, undefined, tmp);
  // a over corrII's plane and b over meanI's, index by index after reading them.
  const a = corrII;
  const b = meanI;
  for (let i = 0; i < n; i++) {
    const varI = corrII[i]! - meanI[i]! * meanI[i]!;
    const cov = corrIP[i]! - meanI[i]! * meanP[i]!;
    a[i] = cov / (varI + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  const meanA = boxBlur(a, width, height, r, a, tmp);
  const meanB = boxBlur(b, width, height, r, b, tmp);
  const q = meanA;
  for (let i = 0; i < n; i++) q[i] = clamp01(meanA[i]! * guide[i]! + meanB[i]!);
  return q;
}

/**
 * Refines a coarse mask (0..1, the photo's size) with the grey photo as guide. `face` (same
 * coordinates) is made solid: the cheap models sometimes leave holes in cheeks and glasses.
 */
export function refineMask(
  coarse: Float32Array,
  grey: Float32Array,
  width: number,
  height: number,
  face: Box | null,
): Float32Array {
  const p = new Float32Array(coarse.length);
  for (let i = 0; i < p.length; i++) p[i] = smoothstep(0.3, 0.7, coarse[i]!);
  if (face) {
    const cx = face.x + face.width / 2;
    const cy = face.y + face.height / 2;
    const rx = face.width * 0.3;
    const ry = face.height * 0.36;
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(height, Math.ceil(cy + ry)); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(width, Math.ceil(cx + rx)); x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (d < 1) p[y * width + x] = Math.max(p[y * width + x]!, 1 - smoothstep(0.7, 1, d));
      }
    }
  }
  const r = Math.max(2, Math.round(Math.max(width, height) / 110));
  const q = guidedFilter(grey, p, width, height, r, 2e-3);
  // The guided filter leaves a soft ramp; tighten it back to a clean, still smooth transition,
  // except around the hair (above the eyes, over the head), where the ramp follows loose strands.
  const hairBottom = face ? face.y + face.height * 0.35 : -1;
  const hairLeft = face ? face.x - face.width * 0.5 : 0;
  const hairRight = face ? face.x + face.width * 1.5 : 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const hair = y < hairBottom && x > hairLeft && x < hairRight;
      q[i] = hair ? smoothstep(0.06, 0.94, q[i]!) : smoothstep(0.2, 0.8, q[i]!);
    }
  }
  return q;
}

/**
 * The coarse model tends to keep small enclosed patches of wall (between neck and collar, under
 * an arm). The wall's colour around each pixel is estimated from the nearby confident background
 * (normalised convolution); where the model was unsure and the pixel has that colour, the matte
 * is lowered.
 */
export function suppressBackground(alpha: Float32Array, coarse: Float32Array, img: Rgb): Float32Array {
  const { width, height, data } = img;
  const n = alpha.length;
  const wall = new Float32Array(n);
  for (let i = 0; i < n; i++) wall[i] = coarse[i]! < 0.05 ? 1 : 0;
  const sigma = Math.max(width, height) / 40;
  // Read only where the model was unsure, a thin part of the photo.
  const den = gaussBlurReader(wall, width, height, sigma);
  const local = [0, 1, 2].map((c) => {
    const ch = new Float32Array(n);
    for (let i = 0; i < n; i++) ch[i] = data[i * 3 + c]! * wall[i]!;
    return gaussBlurReader(ch, width, height, sigma);
  });
  const out = alpha.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const unsure = 1 - smoothstep(0.8, 0.99, coarse[i]!);
      if (unsure <= 0 || out[i]! <= 0) continue;
      const weight = den(x, y);
      if (weight < 0.02) continue;
      let d = 0;
      for (let c = 0; c < 3; c++) d += (data[i * 3 + c]! - local[c]!(x, y) / weight) ** 2;
      const wallness = 1 - smoothstep(0.05, 0.12, Math.sqrt(d / 3));
      out[i] = out[i]! * (1 - wallness * unsure);
    }
  }
  return out;
}

const TILE = 64;

/**
 * At output size: erode by `erodePx`, then feather with a Gaussian of `featherPx`. The matte is
 * solid or empty almost everywhere and both filters leave a constant region as it is, so they run
 * only on the tiles the edge passes through (each with the margin the filters reach across):
 * the same values for a fraction of the work at 2048 px.
 */
export function finishMask(
  alpha: Float32Array,
  width: number,
  height: number,
  erodePx: number,
  featherPx: number,
  alloc: Alloc = freshPlanes,
): Float32Array {
  const whole = (a: Float32Array, w: number, h: number) =>
    gaussBlur(erode(a, w, h, erodePx), w, h, featherPx);
  // A wide feather takes gaussBlur's reduced-size path, whose grid a tile would not share.
  if (featherPx >= 6) return whole(alpha, width, height);
  const reach = Math.max(0, erodePx) + 3 * gaussBoxRadius(featherPx);
  // Every tile is written below.
  const out = alloc(width * height, true);
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      const x0 = Math.max(0, tx - reach);
      const y0 = Math.max(0, ty - reach);
      const x1 = Math.min(width, tx + TILE + reach);
      const y1 = Math.min(height, ty + TILE + reach);
      const tw = Math.min(width, tx + TILE) - tx;
      const th = Math.min(height, ty + TILE) - ty;
      const first = alpha[y0 * width + x0]!;
      let uniform = true;
      for (let y = y0; y < y1 && uniform; y++)
        for (let i = y * width + x0, end = y * width + x1; i < end; i++)
          if (alpha[i] !== first) {
            uniform = false;
            break;
          }
      if (uniform) {
        for (let y = ty; y < ty + th; y++) out.fill(first, y * width + tx, y * width + tx + tw);
        continue;
      }
      const ww = x1 - x0;
      const wh = y1 - y0;
      const win = new Float32Array(ww * wh);
      for (let y = y0; y < y1; y++) win.set(alpha.subarray(y * width + x0, y * width + x1), (y - y0) * ww);
      const done = whole(win, ww, wh);
      for (let y = ty; y < ty + th; y++) {
        const s = (y - y0) * ww + (tx - x0);
        out.set(done.subarray(s, s + tw), y * width + tx);
      }
    }
  }
  return out;
}

/**
 * Which photo edges the person is cut by (more than 2% of the edge is solidly person). Where
 * `outside` marks pixels that are not photo (the wedges a levelling turn leaves), an edge is the
 * photo's own: each row's first and last pixel of photo where that edge runs steeper than 45°
 * (a side), each column's first where it runs flatter (the top), so a person cut by a turned edge
 * is still known to be cut there.
 */
export function touchedEdges(
  alpha: Float32Array,
  width: number,
  height: number,
  outside?: Uint8Array,
): { left: boolean; right: boolean; top: boolean } {
  const inset = Math.max(1, Math.round(Math.min(width, height) / 200));
  const out = (i: number) => Boolean(outside?.[i]);
  const first = new Int32Array(height);
  const last = new Int32Array(height);
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width - 1 && out(y * width + x)) x++;
    first[y] = x;
    x = width - 1;
    while (x > first[y]! && out(y * width + x)) x--;
    last[y] = x;
  }
  const topOf = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height - 1 && out(y * width + x)) y++;
    topOf[x] = y;
  }
  const steep = (e: Int32Array, i: number) => i === 0 || Math.abs(e[i]! - e[i - 1]!) <= 1;
  const solid = (x: number, y: number) =>
    x >= 0 && x < width && y >= 0 && y < height && alpha[y * width + x]! > 0.5;
  let left = 0;
  let right = 0;
  let top = 0;
  for (let y = 0; y < height; y++) {
    if (steep(first, y) && solid(first[y]! + inset, y)) left++;
    if (steep(last, y) && solid(last[y]! - inset, y)) right++;
  }
  for (let x = 0; x < width; x++) if (steep(topOf, x) && solid(x, topOf[x]! + inset)) top++;
  return { left: left > height * 0.02, right: right > height * 0.02, top: top > width * 0.02 };
}

/**
 * The same for a patterned scene (stripes, a flag, foliage), whose mean colour matches nothing:
 * where the model was unsure, a pixel with the colour of some confident background pixel close by
 * is background. `alpha` is changed in place.
 */
export function suppressPattern(alpha: Float32Array, coarse: Float32Array, img: Rgb): void {
  const { width, height, data } = img;
  const r = Math.max(4, Math.round(Math.max(width, height) / 90));
  const step = r > 6 ? 2 : 1;
  // Most unsure pixels (four in five on the bench's photos) have no confident background within
  // reach at all: a count of it over each window, from running sums, passes them by unread.
  const walls = wallCounts(coarse, width, height);
  const across = width + 1;
  for (let y = 0; y < height; y++) {
    const top = Math.max(0, y - r) * across;
    const bottom = Math.min(height, y + r + 1) * across;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const unsure = 1 - smoothstep(0.85, 0.99, coarse[i]!);
      if (unsure <= 0 || alpha[i]! <= 0.01) continue;
      const left = Math.max(0, x - r);
      const right = Math.min(width, x + r + 1);
      if (walls[bottom + right]! - walls[bottom + left]! - walls[top + right]! + walls[top + left]! === 0)
        continue;
      const pr = data[i * 3]!;
      const pg = data[i * 3 + 1]!;
      const pb = data[i * 3 + 2]!;
      let best = Infinity;
      for (let dy = -r; dy <= r && best > 0.0009; dy += step) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -r; dx <= r; dx += step) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (coarse[j]! >= 0.05) continue;
          const d = (data[j * 3]! - pr) ** 2 + (data[j * 3 + 1]! - pg) ** 2 + (data[j * 3 + 2]! - pb) ** 2;
          if (d < best) best = d;
        }
      }
      if (best === Infinity) continue;
      const wallness = 1 - smoothstep(0.05, 0.11, Math.sqrt(best / 3));
      alpha[i] = alpha[i]! * (1 - wallness * unsure);
    }
  }
}

/**
 * Running sums of the confident background (coarse < 0.05): entry (y, x) of the (width + 1)
 * wide table counts it over the rows above y and the columns left of x.
 */
function wallCounts(coarse: Float32Array, width: number, height: number): Int32Array {
  const across = width + 1;
  const sums = new Int32Array(across * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      if (coarse[y * width + x]! < 0.05) row++;
      sums[(y + 1) * across + x + 1] = sums[y * across + x + 1]! + row;
    }
  }
  return sums;
}

/**
 * Gives the sitter back the sides of the face the segmenter missed. The selfie model's mask hugs
 * the cheek and leaves an ear out (on the committed sample its edge runs straight down the cheek,
 * so the cut-out shows a notch between the hair and the jaw where the ear was). Near the face the
 * skin's colour is known: pixels beside the face with the face's skin chroma, unlike the confident
 * background next to them, and joined to the matte through such pixels, are the person.
 */
import type { Box } from './framing.js';

/** How far (chroma) from the nearest pixel of the face's middle a pixel may be and still be skin. */
const SKIN_MATCH = 0.03;

type Chroma = { c1: number; c2: number };

/** Chroma that ignores brightness: a grey wall is ~(0, 0) whether lit or in shade, skin is not. */
function chromaAt(rgb: Uint8Array, i: number): Chroma {
  const r = rgb[i * 3]!;
  const g = rgb[i * 3 + 1]!;
  const b = rgb[i * 3 + 2]!;
  const sum = r + g + b + 1;
  return { c1: (r - b) / sum, c2: (g - b) / sum };
}

function distance(a: Chroma, b: Chroma): number {
  return Math.hypot(a.c1 - b.c1, a.c2 - b.c2);
}

/**
 * Raises `alpha` (analysis size, changed in place) to 1 on skin-coloured pixels beside the face
 * that grow out of the solid matte, at most ~12 % of the face's width: an ear, a cheek's rim.
 * Returns how many pixels it gave back.
 */
export function restoreFaceSides(
  alpha: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  face: Box,
): number {
  // Ears sit between the eyes' line and the bottom of the nose, at the face box's sides.
  const x0 = Math.max(0, Math.floor(face.x - face.width * 0.15));
  const x1 = Math.min(width, Math.ceil(face.x + face.width * 1.15));
  const y0 = Math.max(0, Math.floor(face.y + face.height * 0.2));
  const y1 = Math.min(height, Math.ceil(face.y + face.height * 0.85));
  const reach = Math.max(3, Math.round(face.width * 0.12));
  const inBand = (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;
  const look = 2 * reach;
  const far = farBackground(alpha, width, height, reach + 2, {
    x0: Math.max(0, x0 - look),
    x1: Math.min(width, x1 + look),
    y0: Math.max(0, y0 - look),
    y1: Math.min(height, y1 + look),
  });
  const stride = Math.max(1, Math.round(reach / 8));
  // The face's own skin: the middle of the face box, which the matte always holds.
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  const rx = face.width * 0.28;
  const ry = face.height * 0.34;

  // The background to tell skin from is the one well away from the matte: what lies just beside
  // it is what may be missing from it. Skin whose chroma that background has too is not taken (a
  // beige wall beside a face), nor is anything where no such background is in sight.
  const isSkin = (x: number, y: number): boolean => {
    const i = y * width + x;
    // In deep shadow chroma is mostly noise.
    if (rgb[i * 3]! + rgb[i * 3 + 1]! + rgb[i * 3 + 2]! < 150) return false;
    const own = chromaAt(rgb, i);
    let bg = Infinity;
    let fg = Infinity;
    for (let yy = Math.max(0, y - look); yy <= Math.min(height - 1, y + look); yy += stride) {
      for (let xx = Math.max(0, x - look); xx <= Math.min(width - 1, x + look); xx += stride) {
        const isFace = ((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2 < 1;
        const j = yy * width + xx;
        if (!isFace && !far[j]) continue;
        const e = distance(chromaAt(rgb, j), own);
        if (isFace) {
          if (e < fg) fg = e;
        } else if (e < bg) bg = e;
      }
    }
    return fg <= SKIN_MATCH && bg !== Infinity && bg >= fg * 2 + 0.02;
  };

  // Grow out of the solid matte, one ring per step, through skin pixels only.
  const steps = new Int16Array(width * height).fill(-1);
  let ring: number[] = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (alpha[y * width + x]! >= 0.5) steps[y * width + x] = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (steps[i] !== 0) continue;
      if ((x > x0 && steps[i - 1] === -1) || (x < x1 - 1 && steps[i + 1] === -1)) ring.push(i);
      else if ((y > y0 && steps[i - width] === -1) || (y < y1 - 1 && steps[i + width] === -1)) ring.push(i);
    }
  }
  let restored = 0;
  let bx0 = width;
  let bx1 = -1;
  let by0 = height;
  let by1 = -1;
  for (let step = 1; step <= reach && ring.length; step++) {
    const next: number[] = [];
    for (const i of ring) {
      const x = i % width;
      const y = (i - x) / width;
      for (const [xx, yy] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (!inBand(xx, yy)) continue;
        const j = yy * width + xx;
        if (steps[j] !== -1) continue;
        steps[j] = -2;
        if (!isSkin(xx, yy)) continue;
        steps[j] = step;
        alpha[j] = 1;
        restored++;
        next.push(j);
        bx0 = Math.min(bx0, xx);
        bx1 = Math.max(bx1, xx);
        by0 = Math.min(by0, yy);
        by1 = Math.max(by1, yy);
      }
    }
    ring = next;
  }
  // Pixels the growth stepped around (an ear's pale fold, a blend of its rim) would let the new
  // backdrop through in spots: a small closing over what it gave back fills them.
  if (restored) closeGaps(alpha, width, height, { x0: bx0, x1: bx1 + 1, y0: by0, y1: by1 + 1 });
  return restored;
}

/** Raises to 1 the pixels of `box` (grown by the radius) that a closing of radius 2 of the solid matte fills. */
function closeGaps(
  alpha: Float32Array,
  width: number,
  height: number,
  box: { x0: number; x1: number; y0: number; y1: number },
): void {
  const r = 2;
  const m = 2 * r;
  const wx0 = Math.max(0, box.x0 - m);
  const wx1 = Math.min(width, box.x1 + m);
  const wy0 = Math.max(0, box.y0 - m);
  const wy1 = Math.min(height, box.y1 + m);
  const w = wx1 - wx0;
  const h = wy1 - wy0;
  const solid = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) solid[y * w + x] = alpha[(y + wy0) * width + x + wx0]! >= 0.5 ? 1 : 0;
  const grown = squareFilter(solid, w, h, r, 1);
  const closed = squareFilter(grown, w, h, r, 0);
  for (let y = Math.max(wy0, box.y0 - r); y < Math.min(wy1, box.y1 + r); y++)
    for (let x = Math.max(wx0, box.x0 - r); x < Math.min(wx1, box.x1 + r); x++)
      if (closed[(y - wy0) * w + x - wx0]) alpha[y * width + x] = 1;
}

/** Dilation (`keep` 1: any set pixel within `r` sets) or erosion (`keep` 0) with a square window. */
function squareFilter(mask: Uint8Array, w: number, h: number, r: number, keep: 0 | 1): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = 1 - keep;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r) && v !== keep; yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++)
          if (mask[yy * w + xx] === keep) {
            v = keep;
            break;
          }
      out[y * w + x] = v;
    }
  }
  return out;
}

/**
 * Confident background at least `gap` pixels (square distance) from every solid matte pixel, within
 * `win` (elsewhere 0).
 */
function farBackground(
  alpha: Float32Array,
  width: number,
  height: number,
  gap: number,
  win: { x0: number; x1: number; y0: number; y1: number },
): Uint8Array {
  // Distance to the solid matte along each row, for the rows the window's test reads.
  const r0 = Math.max(0, win.y0 - gap);
  const r1 = Math.min(height, win.y1 + gap);
  const rows = new Int32Array(width * height);
  for (let y = r0; y < r1; y++) {
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! >= 0.5) last = x;
      rows[y * width + x] = Math.min(gap + 1, x - last);
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (alpha[y * width + x]! >= 0.5) last = x;
      rows[y * width + x] = Math.min(rows[y * width + x]!, last - x);
    }
  }
  const far = new Uint8Array(width * height);
  for (let y = win.y0; y < win.y1; y++) {
    for (let x = win.x0; x < win.x1; x++) {
      const i = y * width + x;
      if (alpha[i]! >= 0.05) continue;
      let ok = true;
      for (let yy = Math.max(0, y - gap); yy <= Math.min(height - 1, y + gap) && ok; yy++)
        if (rows[yy * width + x]! <= gap) ok = false;
      if (ok) far[i] = 1;
    }
  }
  return far;
}

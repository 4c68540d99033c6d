/**
 * Removes what a segmentation model leaves of the original scene, at analysis size: the flat
 * canvas padding a rotated upload carries (EXIF or user rotation fills the corners with one
 * colour; models happily call a grey wedge "person"), islands not attached to the sitter (a slice
 * of a flag, a chair back) and holes inside the silhouette (a shiny patch read as background).
 */
import type { Box } from './framing.js';
import { neighbours4 } from './grid-neighbours.js';
import { labelPieces } from './piece-labels.js';
import { cityBlockDistance } from './city-block.js';

/**
 * Marks pixels of flat padding: regions reached from a corner of the photo through pixels that
 * stay within `tolerance` (0..255) of that corner's colour, and big enough to be padding rather
 * than a plain wall (a photographed wall is never this flat: sensor noise and shading break it up).
 * Rotation fills the corners first, so padding always holds one; the floods start there. (They
 * started from every border pixel, and a region that was no padding was flooded again from each
 * of its border pixels: a third of a photo's whole analysis went to re-walking one wall.)
 */
export function paddingMask(rgb: Uint8Array, width: number, height: number, tolerance = 6): Uint8Array {
  const n = width * height;
  // The flood in progress, and the padding kept: a region that is not padding is cleared again.
  const padding = new Uint8Array(n);
  const stack: number[] = [];
  for (const corner of new Set([0, width - 1, n - width, n - 1])) {
    if (padding[corner]) continue;
    const r0 = rgb[corner * 3]!;
    const g0 = rgb[corner * 3 + 1]!;
    const b0 = rgb[corner * 3 + 2]!;
    const region: number[] = [];
    stack.push(corner);
    padding[corner] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      region.push(i);
      for (const j of neighbours4(i, width, height)) {
        if (j < 0 || padding[j]) continue;
        if (
          Math.abs(rgb[j * 3]! - r0) > tolerance ||
          Math.abs(rgb[j * 3 + 1]! - g0) > tolerance ||
          Math.abs(rgb[j * 3 + 2]! - b0) > tolerance
        )
          continue;
        padding[j] = 1;
        stack.push(j);
      }
    }
    // A flat region of at least 0.3% of the photo is padding. One that is not is let go, so the
    // next corner's flood, from its own colour, may cross it.
    if (region.length < n * 0.003 || !isFlat(rgb, region)) for (const i of region) padding[i] = 0;
  }
  return padding;
}

/**
 * Most mean deviation (0..255) of a padding region's pixels from their mean colour. A filled
 * canvas is one colour (a JPEG of it stays within a level or so); a photographed region within the
 * flood's tolerance is not: the navy uniform in the corpus's hopper and g1a-close's black top
 * against a dark room, both taken for padding before, deviate 2.4 (their walls 1.6–2.8).
 */
const PADDING_MOST_DEVIATION = 1;

function isFlat(rgb: Uint8Array, region: number[]): boolean {
  const mean = [0, 0, 0];
  for (const i of region) for (let c = 0; c < 3; c++) mean[c]! += rgb[i * 3 + c]!;
  for (let c = 0; c < 3; c++) mean[c]! /= region.length;
  let deviation = 0;
  for (const i of region) for (let c = 0; c < 3; c++) deviation += Math.abs(rgb[i * 3 + c]! - mean[c]!);
  return deviation / (region.length * 3) <= PADDING_MOST_DEVIATION;
}

/**
 * Keeps the subject: the component(s) of the solid matte the face box overlaps (the largest when
 * no face is known), drops every other island with the soft fringe around it, and fills holes that
 * do not reach the photo's border and are small next to the subject. `alpha` is changed in place.
 */
export function keepSubject(alpha: Float32Array, width: number, height: number, face: Box | null): void {
  const n = width * height;
  const solid = new Uint8Array(n);
  for (let i = 0; i < n; i++) solid[i] = alpha[i]! >= 0.5 ? 1 : 0;
  const { labels, sizes } = labelPieces(solid, width);
  if (sizes.length <= 1) return;
  const keep = new Set<number>();
  if (face) {
    const x0 = Math.max(0, Math.floor(face.x));
    const x1 = Math.min(width, Math.ceil(face.x + face.width));
    const y0 = Math.max(0, Math.floor(face.y));
    const y1 = Math.min(height, Math.ceil(face.y + face.height));
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) if (labels[y * width + x]) keep.add(labels[y * width + x]!);
  }
  if (!keep.size) keep.add(sizes.indexOf(Math.max(...sizes.slice(1))));
  let kept = 0;
  for (const id of keep) kept += sizes[id]!;

  // Soft pixels belong to the nearest solid region: sweep the kept labels outwards a few pixels.
  const reach = Math.max(2, Math.round(Math.max(width, height) / 150));
  // Per label rather than a Set per pixel: these passes visit every pixel of the photo.
  const keptLabel = new Uint8Array(sizes.length);
  for (const id of keep) keptLabel[id] = 1;
  const subject = new Uint8Array(n);
  for (let i = 0; i < n; i++) subject[i] = keptLabel[labels[i]!]!;
  const near = cityBlockDistance(subject, width, height, false);
  for (let i = 0; i < n; i++) if (near[i]! > reach) alpha[i] = 0;

  // Holes: background components enclosed by the subject and under 3% of its area.
  const hole = new Uint8Array(n);
  for (let i = 0; i < n; i++) hole[i] = alpha[i]! < 0.5 ? 1 : 0;
  const bg = labelPieces(hole, width);
  const fill = new Uint8Array(bg.sizes.length);
  for (let id = 1; id < fill.length; id++) fill[id] = bg.sizes[id]! < kept * 0.03 ? 1 : 0;
  for (let x = 0; x < width; x++) fill[bg.labels[x]!] = fill[bg.labels[(height - 1) * width + x]!] = 0;
  for (let y = 0; y < height; y++) fill[bg.labels[y * width]!] = fill[bg.labels[y * width + width - 1]!] = 0;
  for (let i = 0; i < n; i++) if (fill[bg.labels[i]!]) alpha[i] = 1;
}

/** The topmost row of the solid matte above the face (the top of the hair), or null. */
export function subjectTop(alpha: Float32Array, width: number, height: number, face: Box): number | null {
  // Only columns over the head: a raised hand or a hat far to the side is not hair.
  const x0 = Math.max(0, Math.floor(face.x - face.width * 0.25));
  const x1 = Math.min(width, Math.ceil(face.x + face.width * 1.25));
  const limit = Math.min(height, Math.ceil(face.y + face.height * 0.5));
  for (let y = 0; y < limit; y++) {
    let count = 0;
    for (let x = x0; x < x1; x++) if (alpha[y * width + x]! >= 0.35) count++;
    // A few stray pixels are not the top of the head.
    if (count >= Math.max(2, (x1 - x0) * 0.04)) return y;
  }
  return null;
}

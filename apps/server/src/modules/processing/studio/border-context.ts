/**
 * Where the body leaves the photo, the scene beside it leaves too, and the selfie model, which
 * sees no further than the frame, often takes the last stretch of a backdrop's stripe for the
 * sitter (the sample's flag: its red stripe beside the sleeve at the bottom left). A second look
 * with the photo's edges stretched outwards (each border pixel repeated) shows the model that the
 * stripe goes on as the scene does, and it lets go of it. That look is only a doubt, never the
 * matte: it also wavers over parts of the sitter near the border (a patch on a sleeve, a held
 * helmet). A doubted piece is dropped only when it reaches the photo's border, is small beside
 * the sitter, and its colours are those of the background around it and not of the sitter there.
 */
import { padPixels } from '../../analysis/vision/pad-pixels.js';
import type { FaceModels } from '../../analysis/vision/face-models.js';
import { untouchedAround, type Box } from './framing.js';
import { floodPiece, pieceScratch } from './grid-neighbours.js';
import { colourSet, markAround, RGB_BINS, SHADE_BINS } from './colour-bins.js';

/** How far the photo's edges are stretched for the second look, as a share of its long side. */
const STRETCH = 0.1;

/** A doubted piece is at most this share of the photo: a held object or a limb is bigger. */
const MAX_PIECE = 0.015;

/** Least share of a piece's pixels whose colour the background around it has. */
const MIN_BACKGROUND_COLOUR = 0.6;

/** Most share of the sitter around a piece (outside it) having one of the piece's colours. */
const MAX_SITTER_COLOUR = 0.3;

/**
 * The selfie model's matte of the photo with its edges stretched by STRETCH, cropped back to the
 * photo: 0..1 per analysis pixel, or null when the model gives nothing.
 */
export async function stretchedLook(
  models: FaceModels,
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<Float32Array | null> {
  const pad = Math.max(1, Math.round(Math.max(width, height) * STRETCH));
  const padded = padPixels(rgb, width, height, { top: pad, bottom: pad, left: pad, right: pad }, 'copy');
  const whole = await models.person(padded.data, padded.width, padded.height);
  if (!whole) return null;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (y + pad) * padded.width + pad;
    for (let x = 0; x < width; x++) out[y * width + x] = whole[row + x]!;
  }
  return out;
}

/**
 * Drops the doubted pieces that are scene (see the file's comment) from `alpha` (analysis size,
 * changed in place); returns how many pixels went.
 */
export function dropBorderLeftovers(
  alpha: Float32Array,
  second: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  face: Box | null,
): number {
  const n = width * height;
  const side = Math.max(width, height);
  const reach = Math.max(8, Math.round(side / 12));
  const untouched = untouchedAround(face);
  const doubted = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (alpha[i]! < 0.5 || second[i]! >= 0.5) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (untouched(x, y)) continue;
    doubted[i] = 1;
  }
  const seen = new Uint8Array(n);
  const scratch = pieceScratch(width, height);
  let dropped = 0;
  for (let s = 0; s < n; s++) {
    if (!doubted[s] || seen[s]) continue;
    const piece = floodPiece(s, doubted, seen, width, height, scratch);
    let border = false;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    for (const i of piece) {
      const x = i % width;
      const y = (i - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border = true;
    }
    if (!border || piece.length < Math.max(12, n * 0.0004) || piece.length > n * MAX_PIECE) continue;
    const scene = sceneOf(piece, doubted, alpha, rgb, width, height, { x0, y0, x1, y1 }, reach);
    for (const i of scene) alpha[i] = 0;
    dropped += scene.length;
  }
  return dropped;
}

/**
 * The scene in a doubted piece: its pixels in the colours of the clear background around it
 * (shade apart), when they are most of the piece and the sitter around it (outside the doubt, so
 * a leftover's own pixels never vouch for it) seldom has those colours; otherwise nothing.
 */
function sceneOf(
  piece: Int32Array,
  doubted: Uint8Array,
  alpha: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  reach: number,
): Int32Array {
  const near = (fn: (i: number) => void) => {
    for (let y = Math.max(0, box.y0 - reach); y <= Math.min(height - 1, box.y1 + reach); y++)
      for (let x = Math.max(0, box.x0 - reach); x <= Math.min(width - 1, box.x1 + reach); x++)
        fn(y * width + x);
  };
  // The background a few pixels clear of the matte: its very edge carries the sitter's colour.
  const clear = 3;
  const background = colourSet(SHADE_BINS);
  near((i) => {
    const x = i % width;
    const y = (i - x) / width;
    for (let d = 0; d <= clear; d++) {
      for (const j of [i - d, i + d, i - d * width, i + d * width]) {
        if (j >= 0 && j < alpha.length && alpha[j]! >= 0.05) return;
      }
    }
    if (x >= clear && y >= clear && x < width - clear && y < height - clear)
      markAround(background, SHADE_BINS, SHADE_BINS.of(rgb, i));
  });
  const scene = piece.filter((i) => background[SHADE_BINS.of(rgb, i)]);
  const own = colourSet(RGB_BINS);
  for (const i of scene) markAround(own, RGB_BINS, RGB_BINS.of(rgb, i));
  let sitter = 0;
  let like = 0;
  near((i) => {
    if (alpha[i]! < 0.5 || doubted[i]) return;
    sitter++;
    if (own[RGB_BINS.of(rgb, i)]) like++;
  });
  const bgShare = scene.length / piece.length;
  const sitterShare = sitter ? like / sitter : 0;
  return bgShare >= MIN_BACKGROUND_COLOUR && sitterShare <= MAX_SITTER_COLOUR ? scene : new Int32Array(0);
}

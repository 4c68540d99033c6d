/**
 * Drops pieces of the original scene the segmenter took for the sitter and that touch the
 * sitter, so `keepSubject` (which only removes islands) keeps them: a pale strip of backdrop
 * behind a shoulder, a flag's stripe where the body leaves the photo. Such a piece sits at the
 * matte's rim and has the colour of the confident background next to it, not of the sitter's
 * interior next to it. Whole pieces are dropped, never scattered pixels: a piece must be a sizeable
 * connected patch lying largely against the background or the photo's border, which a badge or a
 * flag patch sewn on a sleeve (surrounded by the garment) is not.
 */
import { cityBlockDistance } from './city-block.js';
import { untouchedAround, type Box } from './framing.js';
import { neighbours4 } from './grid-neighbours.js';
import { SampledColours } from './sampled-colours.js';

/** Colour distance (RMS over the channels, 0..255) under which a pixel is the background's colour. */
export const BACKGROUND_MATCH = 14;
/** A leftover's colour is at least this many times closer to the background than to the sitter. */
const CONTRAST = 2;
/**
 * A piece is dropped only when, on average, it is this many times closer to the background than to
 * the sitter: a flag patch on a sleeve next to a flag scores ~6, a strip of plain backdrop ~20 (the committed sample).
 */
const PIECE_CONTRAST = 12;

/** The contrast a piece needs when it continues a piece an earlier round dropped. */
const CONTINUATION_CONTRAST = 4;

/** How many sampled pixels of the sitter must have a colour for it to count as the sitter's. */
const FG_SUPPORT = 4;

/**
 * What a round found, kept for the next: per pixel whether it is a leftover's, where to look
 * again, and the colours searched (updated by what changed, not rebuilt).
 */
type RoundState = {
  flagged: Uint8Array;
  ratio: Float32Array;
  box: { x0: number; y0: number; x1: number; y1: number };
  background: SampledColours;
  sitter: SampledColours | null;
};

/** The squared colour distance (summed over the channels) under which a pixel is the background's colour. */
export const BACKGROUND_LIMIT = BACKGROUND_MATCH * BACKGROUND_MATCH * 3;

/** How far around a pixel its colour is compared, and on what grid, in a photo of long side `side`. */
export function colourSearch(side: number): { reach: number; step: number } {
  const reach = Math.max(8, Math.round(side / 12));
  return { reach, step: Math.max(1, Math.round(reach / 20)) };
}

/** The confident background (matte < 0.05), to search for colours in. */
export function confidentBackground(
  alpha: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
): SampledColours {
  const side = Math.max(width, height);
  const { reach, step } = colourSearch(side);
  const member = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) member[i] = alpha[i]! < 0.05 ? 1 : 0;
  return new SampledColours(rgb, member, width, height, reach, step);
}

/**
 * The least squared distance (summed over the channels) a colour can be from the sitter's for a
 * pixel `bgDist` from the background's colour to be flagged: with `fgDist = √(d / 3)`, the
 * integer d where `fgDist >= bgDist * CONTRAST + 4` starts to hold, found with that very test so
 * that rounding cannot disagree with it.
 */
function leastFlagged(bgDist: number): number {
  const edge = bgDist * CONTRAST + 4;
  let d = Math.ceil(3 * edge * edge);
  while (d > 0 && Math.sqrt((d - 1) / 3) >= edge) d--;
  while (Math.sqrt(d / 3) < edge) d++;
  return d;
}

/**
 * `rgb` is the analysis image (bytes), `alpha` its matte (changed in place). Rounds peel the rim
 * inwards: what a round drops is background for the next, so a leftover wider than the rim goes
 * in two or three steps while the sitter's interior, unlike the background, is never reached.
 */
export function dropSceneLeftovers(
  alpha: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  face: Box | null,
  rounds = 6,
): number {
  let dropped = 0;
  const removed = new Uint8Array(width * height);
  const side = Math.max(width, height);
  // A round changes what the next one sees only within reach of what it dropped: later rounds
  // test that box again and keep every other pixel's verdict.
  const margin = colourSearch(side).reach + Math.max(3, Math.round(side / 40)) + 1;
  const state: RoundState = {
    flagged: new Uint8Array(width * height),
    ratio: new Float32Array(width * height),
    box: { x0: 0, y0: 0, x1: width, y1: height },
    background: confidentBackground(alpha, rgb, width, height),
    sitter: null,
  };
  for (let round = 0; round < rounds; round++) {
    const fresh = dropRound(alpha, rgb, width, height, face, removed, state);
    dropped += fresh.length;
    if (!fresh.length) break;
    const box = { x0: width, y0: height, x1: 0, y1: 0 };
    for (const i of fresh) {
      state.background.add(i);
      const x = i % width;
      const y = (i - x) / width;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x + 1);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y + 1);
    }
    state.box = {
      x0: Math.max(0, box.x0 - margin),
      y0: Math.max(0, box.y0 - margin),
      x1: Math.min(width, box.x1 + margin),
      y1: Math.min(height, box.y1 + margin),
    };
  }
  if (dropped) softenCut(alpha, removed, width, height);
  return dropped;
}

/**
 * A dropped piece leaves a hard edge in pixel steps, which the portrait enlarges several times
 * into a sawtooth along the sitter (the sample's yellow sleeve piping read as a jagged fringe):
 * across the cut, each pixel takes its 3×3 neighbourhood's mean, a ramp of about two pixels.
 */
function softenCut(alpha: Float32Array, removed: Uint8Array, width: number, height: number): void {
  const before = alpha.slice();
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let cut = 0;
      let solid = 0;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = (y + dy) * width + x + dx;
          cut |= removed[j]!;
          if (before[j]! >= 0.5) solid = 1;
          sum += before[j]!;
        }
      }
      if (cut && solid) alpha[y * width + x] = sum / 9;
    }
  }
}

function dropRound(
  alpha: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  face: Box | null,
  removed: Uint8Array,
  state: RoundState,
): number[] {
  const n = width * height;
  const side = Math.max(width, height);
  const rim = Math.max(3, Math.round(side / 40));
  // The interior: the kept matte eroded by `rim`, the photo's border counting as outside (where
  // the body leaves the photo the scene beside it does too).
  const outside = new Uint8Array(n);
  for (let i = 0; i < n; i++) outside[i] = alpha[i]! >= 0.5 ? 0 : 1;
  const inward = cityBlockDistance(outside, width, height, true);
  const core = new Uint8Array(n);
  for (let i = 0; i < n; i++) core[i] = inward[i]! > rim ? 1 : 0;
  // The face and the hair above it are never touched: hair against a similar wall is the sitter.
  const untouched = untouchedAround(face);
  if (!state.sitter) {
    const { reach, step } = colourSearch(side);
    state.sitter = new SampledColours(rgb, core, width, height, reach, step);
  } else {
    // Later rounds: the interior has only lost what the rim's peeling took.
    const sitter = state.sitter;
    for (let i = 0; i < n; i++) {
      if (core[i]) sitter.add(i);
      else sitter.remove(i);
    }
  }
  const { flagged, ratio, box, background, sitter } = state;
  const fgNear = new Float64Array(FG_SUPPORT);
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * width + x;
      flagged[i] = 0;
      ratio[i] = 0;
      if (outside[i] || core[i]) continue;
      if (untouched(x, y)) continue;
      const bg = background.nearest(i, BACKGROUND_LIMIT);
      // Most of the rim has no background of its colour nearby: no need to look at the sitter.
      if (bg > BACKGROUND_LIMIT) continue;
      const bgDist = Math.sqrt(bg / 3);
      // The sitter's colours as the FG_SUPPORT nearest, not the nearest: one stray pale pixel of
      // a name tag inside the suit is not the sitter's colour beside a strip of wall. The search
      // stops as soon as the pixel is sure not to be flagged.
      sitter.nearestK(i, fgNear, leastFlagged(bgDist));
      const fgDist = Math.sqrt(fgNear[FG_SUPPORT - 1]! / 3);
      if (bgDist <= BACKGROUND_MATCH && fgDist >= bgDist * CONTRAST + 4) {
        flagged[i] = 1;
        ratio[i] = fgDist / Math.max(1, bgDist);
      }
    }
  }
  return dropPieces(alpha, flagged, ratio, width, height, removed);
}

/**
 * Drops the flagged pieces that are big enough to be a thing rather than noise and that lie
 * against the background or the photo's border over a good part of their outline, and that are
 * far closer to the background's colour than to the sitter's on average.
 */
function dropPieces(
  alpha: Float32Array,
  flagged: Uint8Array,
  ratio: Float32Array,
  width: number,
  height: number,
  removed: Uint8Array,
): number[] {
  const n = width * height;
  const minSize = Math.max(12, Math.round(n * 0.0004));
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  const dropped: number[] = [];
  for (let s = 0; s < n; s++) {
    if (!flagged[s] || seen[s]) continue;
    const piece: number[] = [];
    let outline = 0;
    let outside = 0;
    let contrast = 0;
    let continues = false;
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      piece.push(i);
      contrast += ratio[i]!;
      for (const j of neighbours4(i, width, height)) {
        if (j < 0) {
          outline++;
          outside++;
          continue;
        }
        if (flagged[j]) {
          if (!seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
          continue;
        }
        outline++;
        if (alpha[j]! < 0.5) outside++;
        if (removed[j]) continues = true;
      }
    }
    // The rest of a piece an earlier round dropped (what it peels off the rim next) is judged as
    // part of that piece: no size of its own, a weaker colour contrast.
    const least = continues ? CONTINUATION_CONTRAST : PIECE_CONTRAST;
    if (!continues && piece.length < minSize) continue;
    if (outside < outline * 0.25 || contrast < piece.length * least) continue;
    for (const i of piece) {
      alpha[i] = 0;
      removed[i] = 1;
      dropped.push(i);
    }
  }
  return dropped;
}

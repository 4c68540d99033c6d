/**
 * Levels a tilted head: the photo is turned by the head's roll about its centre and cut to an
 * upright rectangle that is solid photo from the head down (no wedge there, whose straight edges
 * would cut the body in the portrait) and reaches up to the turned photo's top: the wedges the
 * turn leaves above the head are outside the photo (`covers`), so the matte drops them and the
 * portrait shows its backdrop there, as it does wherever a frame reaches past a photo. Small
 * tilts (under 6°; the sample portrait has 3.5°) are a pose and are kept; large ones are left too.
 *
 * The roll is read from the face mesh's vertical axis (`headRoll` in analysis/vision/face-mesh.ts,
 * which the upload checks read too), not from the two iris centres, which follow the gaze.
 */
import sharp from 'sharp';
import type { Box } from './framing.js';

/**
 * Tilts (degrees) from which a head is levelled, and beyond which (as first read) it is left as
 * it is; and the most a photo is turned in all, the second turn included (the mesh reads a
 * strongly rolled head short: 28° first, 17° more once turned).
 */
export const LEVEL_FROM = 6;
export const LEVEL_UP_TO = 35;
export const TURN_AT_MOST = 50;
/** Turns at most: the first by the roll read on the photo, the next by what is read once turned. */
export const LEVEL_PASSES = 2;

export type Point = { x: number; y: number };

/**
 * Whether a face box found on the levelled photo can be the one found before the turn: a turn
 * keeps a face's size, so a box of under half or over twice the first one's area (once the whole
 * width of a photo turned 44°) is a misreading, and the box before, moved with the turn, is kept.
 */
export function sameFaceTurned(
  before: { width: number; height: number },
  after: { width: number; height: number },
): boolean {
  const ratio = (after.width * after.height) / (before.width * before.height);
  return ratio >= 0.5 && ratio <= 2;
}

/** The eye line's angle in degrees, positive when the eye on the right is lower. */
export function rollOf(left: Point, right: Point): number {
  const [a, b] = left.x <= right.x ? [left, right] : [right, left];
  return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
}

/** The largest upright rectangle of a w × h picture turned by `deg` (centred), as its size. */
export function innerSize(w: number, h: number, deg: number): { width: number; height: number } {
  const a = (Math.abs(deg) * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  if (short <= 2 * sin * cos * long || Math.abs(sin - cos) < 1e-10) {
    const x = short / 2;
    const [wr, hr] = w >= h ? [x / sin, x / cos] : [x / cos, x / sin];
    return { width: Math.floor(wr), height: Math.floor(hr) };
  }
  const cos2 = cos * cos - sin * sin;
  return { width: Math.floor((w * cos - h * sin) / cos2), height: Math.floor((h * cos - w * sin) / cos2) };
}

export type Levelled = {
  rgb: Buffer;
  width: number;
  height: number;
  /** Where a point of the photo before lands on the levelled one. */
  map: (p: Point) => Point;
  /** Whether a point of the levelled photo shows the photo (not a wedge of the turn's padding). */
  covers: (p: Point) => boolean;
};

type Rect = { left: number; top: number; width: number; height: number };

/** Where the turned photo covers row `y` of the turned canvas, as [from, to) columns. */
function rowSpan(corners: Point[], y: number): [number, number] {
  let from = Infinity;
  let to = -Infinity;
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % 4]!;
    if ((y < Math.min(a.y, b.y) || y > Math.max(a.y, b.y)) && a.y !== b.y) continue;
    if (a.y === b.y) {
      if (y !== a.y) continue;
      from = Math.min(from, a.x, b.x);
      to = Math.max(to, a.x, b.x);
      continue;
    }
    const x = a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x);
    from = Math.min(from, x);
    to = Math.max(to, x);
  }
  return [from, to];
}

/**
 * The largest upright rectangle inside the turned photo (a convex quadrilateral with `corners`)
 * from the top of `keep` down that holds `keep`, or null when none does; the rectangle returned
 * then reaches up to the turned photo's top (what lies over it outside the photo is a wedge for
 * the backdrop). Searched over the solid part's top and bottom rows: between them every row of a
 * convex shape spans at least what both ends span, so the ends' common span is the widest it can be.
 */
export function uprightInside(corners: Point[], keep: Rect): Rect | null {
  const ys = corners.map((c) => c.y);
  const top = Math.ceil(Math.min(...ys));
  const bottom = Math.floor(Math.max(...ys));
  const steps = 64;
  let best: (Rect & { area: number }) | null = null;
  for (let i = 0; i <= steps; i++) {
    const y0 = top + ((keep.top - top) * i) / steps;
    if (y0 > keep.top) continue;
    const [l0, r0] = rowSpan(corners, y0);
    for (let j = 0; j <= steps; j++) {
      const y1 = keep.top + keep.height + ((bottom - keep.top - keep.height) * j) / steps;
      const [l1, r1] = rowSpan(corners, y1);
      const left = Math.ceil(Math.max(l0, l1));
      const right = Math.floor(Math.min(r0, r1));
      if (left > keep.left || right < keep.left + keep.width) continue;
      const area = (right - left) * (y1 - y0);
      if (!best || area > best.area)
        best = { left, top, width: right - left, height: Math.floor(y1) - top, area };
    }
  }
  if (!best || best.width <= 0 || best.height <= 0) return null;
  const { area: _area, ...cut } = best;
  return cut;
}

/** How far over the face box's centre a levelled photo reaches, in face heights. */
const HAIR_ROOM = 1.5;

/**
 * How much of the head around the face box (shares of the face's width beside it, of its height
 * above and below) the levelled photo keeps solid, most wanted first: hair, ears and neck; then
 * less where the photo's turned edge comes close; last the face from its eyes down (negative
 * `above`: the turned edge crosses above them, where the photo itself ended over the head, and
 * the wedge there becomes backdrop).
 */
const HEAD_MARGINS = [
  { side: 0.25, above: 0.5, below: 0.4 },
  { side: 0.15, above: 0.35, below: 0.2 },
  { side: 0.1, above: -0.4, below: 0.2 },
];

/** Where a point of a w × h photo lands on its canvas turned by `deg` (canvas tw × th). */
function turner(width: number, height: number, deg: number, tw: number, th: number) {
  const a = (deg * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  // Turning counter-clockwise on screen (y down) by `deg`: x' = x cos + y sin, y' = -x sin + y cos.
  const onCanvas = (p: Point): Point => {
    const dx = p.x - width / 2;
    const dy = p.y - height / 2;
    return { x: tw / 2 + dx * cos + dy * sin, y: th / 2 - dx * sin + dy * cos };
  };
  const back = (q: Point): Point => {
    const dx = q.x - tw / 2;
    const dy = q.y - th / 2;
    return { x: width / 2 + dx * cos - dy * sin, y: height / 2 + dx * sin + dy * cos };
  };
  return { onCanvas, back };
}

/**
 * The upright cut of a w × h photo turned by `deg` on a tw × th canvas: solid from the head down
 * around `face` (its box before the turn) with the widest of HEAD_MARGINS it can, up to the
 * turned photo's top; null when no such cut holds the face.
 */
function headCut(width: number, height: number, deg: number, face: Box, tw: number, th: number): Rect | null {
  const { onCanvas } = turner(width, height, deg, tw, th);
  const corners = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ].map(onCanvas);
  // The face is upright once turned: its box keeps its size about its moved centre.
  const c = onCanvas({ x: face.x + face.width / 2, y: face.y + face.height / 2 });
  let cut: Rect | null = null;
  for (const m of HEAD_MARGINS) {
    cut = uprightInside(corners, {
      left: c.x - face.width * (0.5 + m.side),
      top: c.y - face.height * (0.5 + m.above),
      width: face.width * (1 + 2 * m.side),
      height: face.height * (1 + m.above + m.below),
    });
    if (cut) break;
  }
  // Over the head it reaches a face's height above the face box: higher is not this head, and
  // the scene there (shown by the turn where an upright cut inside the photo ended) would only
  // leave pieces in the matte; a frame reaching past the cut shows the backdrop there.
  const highest = Math.floor(c.y - face.height * HAIR_ROOM);
  if (cut && cut.top < highest && highest < cut.top + cut.height)
    cut = { ...cut, top: highest, height: cut.top + cut.height - highest };
  return cut;
}

/** The most tilt (degrees) a portrait may keep: a pose, where more reads as a crooked portrait. */
export const MOST_TILT_KEPT = 8;

/**
 * Whether a portrait from a w × h photo shows the head within MOST_TILT_KEPT of upright, the head
 * rolled by `roll` (degrees, `headRoll`) with its face at `face` (pixels): a small tilt is kept, a
 * larger one levelled, but not past LEVEL_UP_TO nor where no upright cut of the turned photo holds
 * the head (a face close to a side of a tight crop). The upload checks ask this, so such a photo
 * is refused with words instead of giving crooked portraits.
 */
export function endsUpright(width: number, height: number, face: Box, roll: number): boolean {
  const deg = Math.abs(roll);
  if (deg <= MOST_TILT_KEPT) return true;
  if (deg > LEVEL_UP_TO) return false;
  const a = (deg * Math.PI) / 180;
  const tw = Math.ceil(width * Math.cos(a) + height * Math.sin(a));
  const th = Math.ceil(width * Math.sin(a) + height * Math.cos(a));
  return headCut(width, height, roll, face, tw, th) !== null;
}

/**
 * Turns upright RGB bytes by -`deg` (so a head rolled by `deg` becomes level) and cuts the largest
 * upright rectangle solid from the head down around `face` (`headCut`), up to the turned photo's
 * top; without a face, the centred inner rectangle. Null when no such rectangle holds the face.
 */
export async function levelPhoto(
  rgb: Buffer,
  width: number,
  height: number,
  deg: number,
  face?: Box,
): Promise<Levelled | null> {
  const turned = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .rotate(-deg, { background: '#808080' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tw = turned.info.width;
  const th = turned.info.height;
  const { onCanvas, back } = turner(width, height, deg, tw, th);
  let cut: Rect | null;
  if (face) {
    cut = headCut(width, height, deg, face, tw, th);
  } else {
    const inner = innerSize(width, height, deg);
    cut = {
      left: Math.max(0, Math.round((tw - inner.width) / 2)),
      top: Math.max(0, Math.round((th - inner.height) / 2)),
      ...inner,
    };
  }
  if (!cut) return null;
  const left = Math.max(0, cut.left);
  const top = Math.max(0, cut.top);
  const w = Math.min(cut.width, tw - left);
  const h = Math.min(cut.height, th - top);
  const out = await sharp(turned.data, { raw: { width: tw, height: th, channels: 3 } })
    .extract({ left, top, width: w, height: h })
    .raw()
    .toBuffer();
  const map = (p: Point): Point => {
    const q = onCanvas(p);
    return { x: q.x - left, y: q.y - top };
  };
  // Back from the canvas to the photo before the turn; a pixel and a half inside its edges, where
  // the turn's resampling has not mixed the padding's grey in.
  const covers = (p: Point): boolean => {
    const { x, y } = back({ x: p.x + left, y: p.y + top });
    return x >= 1.5 && y >= 1.5 && x <= width - 1.5 && y <= height - 1.5;
  };
  return { rgb: out, width: w, height: h, map, covers };
}

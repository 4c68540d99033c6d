/**
 * Levels a tilted head: the photo is turned by the head's roll about its centre and cut to an
 * upright rectangle that is solid photo from the head down (no wedge there, whose straight edges
 * would cut the body in the portrait) and reaches up to the turned photo's top: the wedges the
 * turn leaves above the head are outside the photo (`covers`), so the matte drops them and the
 * portrait shows its backdrop there, as it does wherever a frame reaches past a photo. Small
 * tilts (under 6°; the sample portrait has 3.5°) are a pose and are kept; large ones are left too.
 *
 * The roll is read from the face mesh's vertical axis (forehead to chin), not from the two iris
 * centres: the iris landmarks follow the gaze and jump between crops of one face (7° in one crop
 * and 25° in a wider crop of the same moment, 7° and −23° in a photo and its mirror image), where
 * the face's axis reads 28°/30° and 28°/−31°.
 */
import sharp from 'sharp';

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

/** Mesh points (MediaPipe face mesh numbering) at the top of the forehead and the chin. */
export const FOREHEAD = 10;
export const CHIN = 152;

/**
 * The head's roll in degrees from the face mesh: how far the forehead-to-chin axis leans from
 * upright, positive when the head leans clockwise on screen (its right-hand side lower, as
 * `rollOf` counts an eye line). Null without a mesh.
 */
export function headRoll(mesh: ArrayLike<ArrayLike<number | undefined>> | undefined): number | null {
  const top = mesh?.[FOREHEAD];
  const chin = mesh?.[CHIN];
  if (!top || !chin) return null;
  const dx = chin[0]! - top[0]!;
  const dy = chin[1]! - top[1]!;
  if (dy <= 0) return null;
  return (Math.atan2(-dx, dy) * 180) / Math.PI;
}

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

/**
 * Turns upright RGB bytes by -`deg` (so a head rolled by `deg` becomes level) and cuts the largest
 * upright rectangle solid from the head down around `face` (its box in the photo before the turn),
 * with the widest of HEAD_MARGINS it can, up to the turned photo's top; without a face, the
 * centred inner rectangle. Null when no such rectangle holds the face.
 */
export async function levelPhoto(
  rgb: Buffer,
  width: number,
  height: number,
  deg: number,
  face?: { x: number; y: number; width: number; height: number },
): Promise<Levelled | null> {
  const a = (deg * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const turned = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .rotate(-deg, { background: '#808080' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Turning counter-clockwise on screen (y down) by `deg`: x' = x cos + y sin, y' = -x sin + y cos.
  const cx = width / 2;
  const cy = height / 2;
  const tx = turned.info.width / 2;
  const ty = turned.info.height / 2;
  const onCanvas = (p: Point): Point => {
    const dx = p.x - cx;
    const dy = p.y - cy;
    return { x: tx + dx * cos + dy * sin, y: ty - dx * sin + dy * cos };
  };
  let cut: Rect | null = null;
  if (face) {
    const corners = [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ].map(onCanvas);
    // The face is upright once turned: its box keeps its size about its moved centre.
    const c = onCanvas({ x: face.x + face.width / 2, y: face.y + face.height / 2 });
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
  } else {
    const inner = innerSize(width, height, deg);
    cut = {
      left: Math.max(0, Math.round((turned.info.width - inner.width) / 2)),
      top: Math.max(0, Math.round((turned.info.height - inner.height) / 2)),
      ...inner,
    };
  }
  if (!cut) return null;
  const left = Math.max(0, cut.left);
  const top = Math.max(0, cut.top);
  const w = Math.min(cut.width, turned.info.width - left);
  const h = Math.min(cut.height, turned.info.height - top);
  const out = await sharp(turned.data, {
    raw: { width: turned.info.width, height: turned.info.height, channels: 3 },
  })
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
    const dx = p.x + left - tx;
    const dy = p.y + top - ty;
    const x = cx + dx * cos - dy * sin;
    const y = cy + dx * sin + dy * cos;
    return x >= 1.5 && y >= 1.5 && x <= width - 1.5 && y <= height - 1.5;
  };
  return { rgb: out, width: w, height: h, map, covers };
}

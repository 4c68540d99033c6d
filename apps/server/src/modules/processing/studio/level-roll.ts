/**
 * Levels a tilted head: the photo is turned by the eye line's angle about its centre and cut to
 * the largest upright rectangle inside the turned picture (no padding wedges, whose straight edges
 * would cut the body in the portrait). Small tilts (under 6°; the sample portrait has 3.5°) are a
 * pose and are kept; large ones are left too, since cutting to the inner rectangle would lose too
 * much of the photo.
 */
import sharp from 'sharp';

/** Tilts (degrees) from which a head is levelled, and beyond which it is left as it is. */
export const LEVEL_FROM = 6;
export const LEVEL_UP_TO = 35;

export type Point = { x: number; y: number };

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
};

/** Turns upright RGB bytes by -`deg` (so an eye line at `deg` becomes level). */
export async function levelPhoto(rgb: Buffer, width: number, height: number, deg: number): Promise<Levelled> {
  const a = (deg * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const turnedW = Math.round(width * Math.abs(cos) + height * Math.abs(sin));
  const turnedH = Math.round(width * Math.abs(sin) + height * Math.abs(cos));
  const inner = innerSize(width, height, deg);
  const left = Math.max(0, Math.round((turnedW - inner.width) / 2));
  const top = Math.max(0, Math.round((turnedH - inner.height) / 2));
  const turned = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .rotate(-deg, { background: '#808080' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = Math.min(inner.width, turned.info.width - left);
  const h = Math.min(inner.height, turned.info.height - top);
  const out = await sharp(turned.data, {
    raw: { width: turned.info.width, height: turned.info.height, channels: 3 },
  })
    .extract({ left, top, width: w, height: h })
    .raw()
    .toBuffer();
  // Turning counter-clockwise on screen (y down) by `deg`: x' = x cos + y sin, y' = -x sin + y cos.
  const cx = width / 2;
  const cy = height / 2;
  const ox = turned.info.width / 2 - left;
  const oy = turned.info.height / 2 - top;
  const map = (p: Point): Point => {
    const dx = p.x - cx;
    const dy = p.y - cy;
    return { x: ox + dx * cos + dy * sin, y: oy - dx * sin + dy * cos };
  };
  return { rgb: out, width: w, height: h, map };
}

/**
 * The corpus of everyday photos of people (corpus/manifest.json): crops of the face-api demo's
 * group photos read from node_modules, the committed public-domain and CC0 photos, and variants
 * derived from them (mirrored, rolled, colour cast, underexposed, shrunk, red-eye) made here, so
 * only photos whose licence allows it are in the repository.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export type Transform = {
  mirror?: boolean;
  /** Degrees clockwise; the result is cropped inside the turned photo, so no corners show. */
  rotate?: number;
  /** Multipliers of red, green and blue. */
  cast?: [number, number, number];
  /** Multiplier of every channel (linear in bytes, as an underexposed camera JPEG roughly is). */
  exposure?: number;
  /** Shrunk to this long side. */
  longSide?: number;
  /** Pupils to paint red: x, y, radius in the photo's pixels. */
  redEye?: [number, number, number][];
};

export type CorpusPhoto = {
  id: string;
  /** Who is in it: several photos share one person. */
  person: string;
  /** `face-api/…` (node_modules), `assets/…` (apps/server/assets) or `corpus/…` (committed here). */
  source: string;
  /** left, top, width, height in the source's pixels. */
  crop?: [number, number, number, number];
  derived: boolean;
  from?: string;
  transform?: Transform;
  cases: string[];
  light: string;
  background: string;
  note: string;
};

export type Manifest = { photos: CorpusPhoto[]; cases: Record<string, string> };

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export async function readManifest(): Promise<Manifest> {
  return JSON.parse(await readFile(join(here, 'corpus/manifest.json'), 'utf8')) as Manifest;
}

function sourcePath(source: string): string {
  const [kind, ...rest] = source.split('/');
  const file = rest.join('/');
  if (kind === 'face-api') {
    const pkg = dirname(require.resolve('@vladmandic/face-api/package.json'));
    return join(pkg, 'demo', file);
  }
  if (kind === 'assets') return join(here, '../../assets', file);
  if (kind === 'corpus') return join(here, 'corpus', file);
  throw new Error(`unknown corpus source ${source}`);
}

/** The largest axis-aligned box inside a w × h photo turned by `deg` (same centre). */
function insideTurned(w: number, h: number, deg: number): { width: number; height: number } {
  const a = Math.abs((deg * Math.PI) / 180);
  const [sin, cos] = [Math.sin(a), Math.cos(a)];
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  let x: number;
  let y: number;
  if (short <= 2 * sin * cos * long) {
    x = short / 2;
    const side = long >= short ? [x / sin, x / cos] : [x / cos, x / sin];
    [x, y] = w >= h ? [side[0]!, side[1]!] : [side[1]!, side[0]!];
  } else {
    const cos2 = cos * cos - sin * sin;
    x = (w * cos - h * sin) / cos2;
    y = (h * cos - w * sin) / cos2;
  }
  return { width: Math.floor(Math.abs(x)), height: Math.floor(Math.abs(y)) };
}

async function applyTransform(jpeg: Buffer, t: Transform): Promise<Buffer> {
  let img = sharp(jpeg);
  if (t.redEye) {
    const meta = await img.metadata();
    const dots = t.redEye
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="rgb(196,28,24)" fill-opacity="0.9"/>`)
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${meta.width}" height="${meta.height}"><filter id="b"><feGaussianBlur stdDeviation="1.2"/></filter><g filter="url(#b)">${dots}</g></svg>`;
    img = sharp(await img.composite([{ input: Buffer.from(svg) }]).toBuffer());
  }
  if (t.mirror) img = img.flop();
  if (t.cast) img = img.linear(t.cast, [0, 0, 0]);
  if (t.exposure) img = img.linear(t.exposure, 0);
  if (t.rotate) {
    const meta = await sharp(jpeg).metadata();
    const turned = await img.rotate(t.rotate).toBuffer({ resolveWithObject: true });
    const inside = insideTurned(meta.width!, meta.height!, t.rotate);
    img = sharp(turned.data).extract({
      left: Math.round((turned.info.width - inside.width) / 2),
      top: Math.round((turned.info.height - inside.height) / 2),
      width: inside.width,
      height: inside.height,
    });
  }
  if (t.longSide) img = img.resize(t.longSide, t.longSide, { fit: 'inside' });
  return img.jpeg({ quality: 90 }).toBuffer();
}

/** The photo's bytes as a customer would upload them (a JPEG). */
export async function loadPhoto(p: CorpusPhoto, all: CorpusPhoto[]): Promise<Buffer> {
  if (p.from) {
    const base = all.find((x) => x.id === p.from);
    if (!base) throw new Error(`${p.id}: no photo ${p.from}`);
    return applyTransform(await loadPhoto(base, all), p.transform ?? {});
  }
  const img = sharp(await readFile(sourcePath(p.source)));
  if (!p.crop) return img.jpeg({ quality: 92 }).toBuffer();
  const [left, top, width, height] = p.crop;
  return img.extract({ left, top, width, height }).jpeg({ quality: 92 }).toBuffer();
}

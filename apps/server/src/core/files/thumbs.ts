/**
 * Image thumbnails (PocketBase's file serving): `WxH` (fill, centre crop), `WxHt`/`WxHb` (fill, top/bottom
 * crop), `WxHf` (fit inside, no crop), `0xH`/`Wx0` (keep aspect ratio). Generated once with sharp
 * and cached next to the original; concurrent requests for the same thumb share one generation.
 */
import sharp from 'sharp';
import type { FileField } from '../schema/fields.js';
import { baseMime } from './sniff.js';
import type { FileStorage } from './storage.js';

export type ThumbSize = { width: number; height: number; mode: '' | 't' | 'b' | 'f' };

const SIZE_RE = /^(\d{1,5})x(\d{1,5})(t|b|f)?$/;
const DEFAULT_THUMBS = ['100x100'];
const THUMBABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function parseThumbSize(size: string): ThumbSize | null {
  const m = SIZE_RE.exec(size);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width === 0 && height === 0) return null;
  return { width, height, mode: (m[3] ?? '') as ThumbSize['mode'] };
}

/** Only 100x100 and the sizes the field lists may be generated; anything else serves the original. */
export function thumbAllowed(field: FileField, size: string): boolean {
  return (
    parseThumbSize(size) !== null && (DEFAULT_THUMBS.includes(size) || (field.thumbs ?? []).includes(size))
  );
}

export function canThumb(contentType: string): boolean {
  return THUMBABLE.has(baseMime(contentType));
}

/** Resizes image bytes; the output keeps the original's format (first frame of animations). */
export async function renderThumb(input: Buffer, size: ThumbSize, contentType: string): Promise<Buffer> {
  const { width, height, mode } = size;
  // note: rotate() with no angle applies the EXIF orientation, so phone photos are not sideways.
  let img = sharp(input, { failOn: 'error' }).rotate();
  if (width === 0 || height === 0) {
    img = img.resize(width || null, height || null);
  } else if (mode === 'f') {
    img = img.resize(width, height, { fit: 'inside', withoutEnlargement: true });
  } else {
    img = img.resize(width, height, {
      fit: 'cover',
      position: mode === 't' ? 'top' : mode === 'b' ? 'bottom' : 'centre',
    });
  }
  switch (baseMime(contentType)) {
    case 'image/jpeg':
      return img.jpeg().toBuffer();
    case 'image/gif':
      return img.gif().toBuffer();
    case 'image/webp':
      return img.webp().toBuffer();
    default:
      return img.png().toBuffer();
  }
}

const inflight = new Map<string, Promise<boolean>>();

/**
 * Makes sure the thumb at `thumbKey` exists; false when it could not be generated (the caller then
 * serves the original). Concurrent calls for one key wait for the same work.
 */
export function ensureThumb(
  storage: FileStorage,
  originalKey: string,
  thumbKey: string,
  size: ThumbSize,
  contentType: string,
): Promise<boolean> {
  const running = inflight.get(thumbKey);
  if (running) return running;
  const work = (async () => {
    if (await storage.stat(thumbKey)) return true;
    try {
      const thumb = await renderThumb(await storage.readBuffer(originalKey), size, contentType);
      await storage.putBuffer(thumbKey, thumb, baseMime(contentType));
      return true;
    } catch {
      return false;
    }
  })().finally(() => inflight.delete(thumbKey));
  inflight.set(thumbKey, work);
  return work;
}

/**
 * Raw-pixel helpers shared by the quality metrics: an upright image held once in memory, and
 * crops/resizes of it done by sharp from raw (no second decode).
 */
import sharp from 'sharp';
import type { NormBox } from '../photo-analysis.js';

/** Upright, sRGB, 8-bit pixels; `channels` is 3 (RGB) or 4 (RGBA). */
export type RawImage = { data: Buffer; width: number; height: number; channels: 3 | 4 };

type Size = { width: number; height: number };

/** Pixel rectangle, clamped to the image by `clampRect`. */
export type Rect = { left: number; top: number; width: number; height: number };

/**
 * Decodes once: EXIF orientation applied, converted to sRGB from any embedded ICC profile (so
 * what is measured and what is stored are the colours a browser would show), 8 bits per channel.
 */
export async function decodeUpright(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 3 || info.channels === 4)
    return { data, width: info.width, height: info.height, channels: info.channels };
  throw new Error(`unexpected channel count ${info.channels}`);
}

function source(img: RawImage) {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });
}

/** Drops alpha (if any): Human and the metrics work on RGB. */
export function toRgb(img: RawImage): Buffer {
  if (img.channels === 3) return img.data;
  const n = img.width * img.height;
  const out = Buffer.allocUnsafe(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    out[i * 3] = img.data[j]!;
    out[i * 3 + 1] = img.data[j + 1]!;
    out[i * 3 + 2] = img.data[j + 2]!;
  }
  return out;
}

/** Scales down so the long side is at most `maxSide` (never up); returns the image itself if small. */
export async function limitSize(img: RawImage, maxSide: number): Promise<RawImage> {
  if (Math.max(img.width, img.height) <= maxSide) return img;
  const { data, info } = await source(img)
    .resize(maxSide, maxSide, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: img.channels };
}

/**
 * Luma (BT.601) of `rect` resized to exactly `width`×`height` — a Float32Array, row-major. The
 * greyscale conversion is done here rather than by sharp, whose 1-channel raw output path
 * re-expands to sRGB.
 */
export async function lumaOf(
  img: RawImage,
  width: number,
  height: number,
  rect?: Rect,
): Promise<Float32Array> {
  let pipeline = source(img);
  if (rect) pipeline = pipeline.extract(rect);
  const { data, info } = await pipeline
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return luma(data, info.channels);
}

export function luma(data: Uint8Array, channels: number): Float32Array {
  const n = Math.floor(data.length / channels);
  const out = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += channels)
    out[i] = 0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!;
  return out;
}

/** A box in `img`'s pixels, cut to the image and made relative to its size (4 decimals). */
export function boxIn(b: { x: number; y: number; width: number; height: number }, img: Size): NormBox {
  const x0 = Math.max(0, b.x);
  const y0 = Math.max(0, b.y);
  const x1 = Math.min(img.width, b.x + b.width);
  const y1 = Math.min(img.height, b.y + b.height);
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    x: round(x0 / img.width),
    y: round(y0 / img.height),
    width: round(Math.max(0, x1 - x0) / img.width),
    height: round(Math.max(0, y1 - y0) / img.height),
  };
}

/** Clamps a rectangle to the image, at least 1×1. */
export function clampRect(img: { width: number; height: number }, r: Rect): Rect {
  const left = Math.max(0, Math.min(img.width - 1, Math.round(r.left)));
  const top = Math.max(0, Math.min(img.height - 1, Math.round(r.top)));
  const width = Math.max(1, Math.min(img.width - left, Math.round(r.width)));
  const height = Math.max(1, Math.min(img.height - top, Math.round(r.height)));
  return { left, top, width, height };
}

/** Re-encodes upright pixels in the upload's format, without any metadata (EXIF, GPS, XMP, ICC). */
export function encodeClean(img: RawImage, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const s = source(img);
  switch (format) {
    case 'jpeg':
      // JPEG has no alpha: flatten onto white rather than let the encoder drop it to black.
      return s.flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
    case 'webp':
      return s.webp({ quality: 92 }).toBuffer();
    default:
      return s.png({ compressionLevel: 6 }).toBuffer();
  }
}

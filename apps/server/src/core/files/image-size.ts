/**
 * The pixel size of an uploaded image, read from its header (nothing is decoded), and the largest
 * we take. A 875 KB PNG can declare 30000×30000 pixels; accepted, it broke every render that used
 * it ("Input image exceeds pixel limit"). Such an image is refused when it is uploaded instead.
 */
import sharp from 'sharp';
import { baseMime } from './sniff.js';

/** 100 megapixels: more than any phone photo (a 200 MP sensor saves 12 MP or 50 MP files). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The longest side the image pipeline takes. */
export const MAX_IMAGE_SIDE = 16_383;

export type ImageSize = { width: number; height: number };

/** Width and height of an image file by its header; null for a non-image or an unreadable header. */
export async function imageSize(path: string, mime: string): Promise<ImageSize | null> {
  if (!baseMime(mime).startsWith('image/')) return null;
  try {
    // note: no pixel limit here: the header of an oversized image must still be read to refuse it.
    const meta = await sharp(path, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

/** Words for an image too large to take, or null when it is within bounds. */
export function imageTooLarge(filename: string, size: ImageSize | null): string | null {
  if (!size) return null;
  const { width, height } = size;
  if (width * height <= MAX_IMAGE_PIXELS && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE) return null;
  return (
    `"${filename}" is ${width}×${height} pixels, too large to use. Images may have at most ` +
    `${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE} pixels on a side: make it smaller and upload it again.`
  );
}

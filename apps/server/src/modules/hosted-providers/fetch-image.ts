/**
 * Downloads one output image of a hosted job and makes it ours: fetched only from the provider's
 * documented hosts within bounds (safe-download.ts), the bytes must be a JPEG, PNG or WebP
 * (sniffed, not trusted from headers), and are re-encoded as a JPEG with
 * at least 2048 px on the long side (providers render 1–1.5 MP) without metadata.
 */
import sharp from 'sharp';
import { download, type OutputPolicy } from './safe-download.js';
import { sniffExtension } from './subject-zip.js';

export const MIN_LONG_SIDE = 2048;

export type FetchedImage = { data: Buffer; width: number; height: number; sourceFormat: string };

/** Downloads `url` as `policy` allows (safe-download.ts) and makes it our JPEG. */
export async function fetchImage(
  service: string,
  url: string,
  policy: OutputPolicy,
  signal?: AbortSignal,
): Promise<FetchedImage> {
  const bytes = await download(service, url, policy, signal);
  return resultJpeg(service, bytes);
}

/**
 * Output bytes made ours: sniffed as a JPEG, PNG or WebP, then re-encoded as a metadata-free JPEG of
 * at least MIN_LONG_SIDE px on the long side. Shared by every generation provider.
 */
export async function resultJpeg(service: string, bytes: Buffer): Promise<FetchedImage> {
  const format = sniffExtension(bytes);
  if (!format) throw new Error(`${service} returned an output that is not a JPEG, PNG or WebP image.`);
  try {
    const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate();
    const meta = await image.metadata();
    // note: orientations 5–8 turn the picture a quarter, swapping its sides.
    const turned = (meta.orientation ?? 1) >= 5;
    const w = (turned ? meta.height : meta.width) ?? 0;
    const h = (turned ? meta.width : meta.height) ?? 0;
    if (!w || !h) throw new Error('no dimensions');
    const scale = Math.max(1, MIN_LONG_SIDE / Math.max(w, h));
    const width = Math.round(w * scale);
    const height = Math.round(h * scale);
    const data = await image
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, mozjpeg: true })
      .toBuffer();
    return { data, width, height, sourceFormat: format };
  } catch {
    throw new Error(`${service} returned an image that could not be decoded.`);
  }
}

/**
 * One output of a run made ours: fetched through `/view` (bounded, with the server's auth
 * header), checked to be a PNG, JPEG or WebP by its bytes, and re-encoded as a metadata-free JPEG
 * of at least MIN_LONG_SIDE px on the long side, like every hosted provider's output.
 */
import sharp from 'sharp';
import { MIN_LONG_SIDE } from '../hosted-providers/fetch-image.js';
import { sniffExtension } from '../hosted-providers/subject-zip.js';
import type { ComfyClient, FileRef } from './comfy-client.js';

export type OutputImage = { data: Buffer; width: number; height: number; sourceFormat: string };

export async function outputImage(
  client: ComfyClient,
  ref: FileRef,
  signal?: AbortSignal,
): Promise<OutputImage> {
  const bytes = await client.view(ref, signal).catch((err: unknown) => {
    signal?.throwIfAborted();
    throw new Error(`ComfyUI's output was refused: ${err instanceof Error ? err.message : String(err)}.`);
  });
  const format = sniffExtension(bytes);
  if (!format) throw new Error('ComfyUI returned an output that is not a PNG, JPEG or WebP image.');
  try {
    const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate();
    const meta = await image.metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const w = (turned ? meta.height : meta.width) ?? 0;
    const h = (turned ? meta.width : meta.height) ?? 0;
    const scale = Math.max(1, MIN_LONG_SIDE / Math.max(w, h, 1));
    const width = Math.round(w * scale);
    const height = Math.round(h * scale);
    const data = await image
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, mozjpeg: true })
      .toBuffer();
    return { data, width, height, sourceFormat: format };
  } catch {
    throw new Error('ComfyUI returned an image that could not be decoded.');
  }
}

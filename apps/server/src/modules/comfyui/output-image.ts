/**
 * One output of a run made ours: fetched through `/view` (bounded, with the server's auth
 * header), checked to be a PNG, JPEG or WebP by its bytes, and re-encoded as a metadata-free JPEG
 * of at least MIN_LONG_SIDE px on the long side, like every hosted provider's output.
 */
import { resultJpeg, type FetchedImage } from '../hosted-providers/fetch-image.js';
import type { ComfyClient, FileRef } from './comfy-client.js';

export type OutputImage = FetchedImage;

export async function outputImage(
  client: ComfyClient,
  ref: FileRef,
  signal?: AbortSignal,
): Promise<OutputImage> {
  const bytes = await client.view(ref, signal).catch((err: unknown) => {
    signal?.throwIfAborted();
    throw new Error(`ComfyUI's output was refused: ${err instanceof Error ? err.message : String(err)}.`);
  });
  return resultJpeg('ComfyUI', bytes);
}

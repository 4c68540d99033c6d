/**
 * Downloads one output image of a hosted job and makes it ours: the bytes must be a JPEG, PNG or
 * WebP (sniffed, not trusted from headers) within a size bound, and are re-encoded as a JPEG with
 * at least 2048 px on the long side (providers render 1–1.5 MP) without metadata.
 */
import sharp from 'sharp';
import { sniffExtension } from './subject-zip.js';

export const MAX_OUTPUT_BYTES = 40 * 1024 * 1024;
export const MIN_LONG_SIDE = 2048;
const TIMEOUT_MS = 120_000;

export type FetchedImage = { data: Buffer; width: number; height: number; sourceFormat: string };

async function readBounded(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > max) throw new Error(`an output image is larger than ${max / 1024 / 1024} MB`);
  const chunks: Buffer[] = [];
  let size = 0;
  if (!res.body) return Buffer.alloc(0);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max) throw new Error(`an output image is larger than ${max / 1024 / 1024} MB`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export async function fetchImage(service: string, url: string, signal?: AbortSignal): Promise<FetchedImage> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${service} returned an output that is not a URL.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`${service} returned a non-HTTP output URL.`);
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const res = await fetch(parsed, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout }).catch(
    (err: unknown) => {
      throw new Error(
        `${service}'s output could not be downloaded (${err instanceof Error ? err.message : String(err)}).`,
      );
    },
  );
  if (!res.ok) throw new Error(`${service}'s output could not be downloaded (HTTP ${res.status}).`);
  const bytes = await readBounded(res, MAX_OUTPUT_BYTES).catch((err: unknown) => {
    throw new Error(`${service}'s output was refused: ${err instanceof Error ? err.message : String(err)}.`);
  });
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

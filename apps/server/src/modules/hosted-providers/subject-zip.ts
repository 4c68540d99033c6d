/**
 * The subject's accepted photos as providers receive them: upright, at most TRAINING_LONG_SIDE px on
 * the long side, re-encoded as JPEG with no metadata. Phone originals run to 20 MB each; a provider
 * needs nothing above 2048 px to train a likeness, and a full-size set overruns request time limits
 * (Astria allows 30 s per request) and data-URI limits. Also one zip of them, the training input
 * fal and Replicate take.
 */
import sharp from 'sharp';
import yazl from 'yazl';
import type { SubjectPhoto } from '../processing/providers/types.js';

/** Providers train on a handful of photos; more only costs upload time. */
export const MAX_TRAINING_PHOTOS = 20;
/** Longest side, in pixels, of a photo sent to a provider. */
export const TRAINING_LONG_SIDE = 2048;

export type TrainingPhoto = { name: string; data: Buffer; type: 'image/jpeg' };

export function sniffExtension(data: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** One photo upright (EXIF orientation applied), within TRAINING_LONG_SIDE, as a metadata-free JPEG. */
export function providerJpeg(data: Buffer): Promise<Buffer> {
  return sharp(data, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(TRAINING_LONG_SIDE, TRAINING_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

export async function trainingPhotos(photos: SubjectPhoto[]): Promise<TrainingPhoto[]> {
  const chosen = photos.slice(0, MAX_TRAINING_PHOTOS);
  // One at a time: each decode of a phone original holds ~50 MB of pixels.
  const out: TrainingPhoto[] = [];
  for (const [i, p] of chosen.entries())
    out.push({
      name: `photo_${String(i + 1).padStart(2, '0')}.jpg`,
      data: await providerJpeg(p.data),
      type: 'image/jpeg',
    });
  return out;
}

export async function zipPhotos(photos: SubjectPhoto[]): Promise<Buffer> {
  const files = await trainingPhotos(photos);
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    // note: fixed mtime so the same photos give the same bytes.
    const mtime = new Date('2020-01-01T00:00:00Z');
    for (const p of files) zip.addBuffer(p.data, p.name, { mtime, compress: false });
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.end();
  });
}

/** The subject's accepted photos as one zip, the training input fal and Replicate take. */
import yazl from 'yazl';
import type { SubjectPhoto } from '../processing/providers/types.js';

/** Providers train on a handful of photos; more only costs upload time. */
export const MAX_TRAINING_PHOTOS = 20;

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

export function trainingPhotos(photos: SubjectPhoto[]): { name: string; data: Buffer; type: string }[] {
  return photos.slice(0, MAX_TRAINING_PHOTOS).map((p, i) => {
    const ext = sniffExtension(p.data) ?? 'jpg';
    return {
      name: `photo_${String(i + 1).padStart(2, '0')}.${ext}`,
      data: p.data,
      type: ext === 'jpg' ? 'image/jpeg' : `image/${ext}`,
    };
  });
}

export function zipPhotos(photos: SubjectPhoto[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    // note: fixed mtime so the same photos give the same bytes.
    const mtime = new Date('2020-01-01T00:00:00Z');
    for (const p of trainingPhotos(photos)) zip.addBuffer(p.data, p.name, { mtime, compress: false });
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.end();
  });
}

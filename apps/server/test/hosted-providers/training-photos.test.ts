/** What providers receive of the subject's photos: upright, bounded, metadata-free JPEG. */
import sharp from 'sharp';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import {
  TRAINING_LONG_SIDE,
  trainingPhotos,
  zipPhotos,
} from '../../src/modules/hosted-providers/subject-zip.js';
import type { SubjectPhoto } from '../../src/modules/processing/providers/types.js';

async function photo(width: number, height: number, opts: { orientation?: number; png?: boolean } = {}) {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } });
  img = opts.png ? img.png() : img.jpeg();
  if (opts.orientation)
    img = img.withMetadata({ orientation: opts.orientation, exif: { IFD0: { Artist: 'someone' } } });
  const data = await img.toBuffer();
  return { id: `p${width}x${height}`, data, width, height, sharpness: 0 } satisfies SubjectPhoto;
}

describe('training photos', () => {
  it('downscales a large phone photo to the long-side bound, applies EXIF orientation and drops metadata', async () => {
    // Stored landscape with orientation 6: the upright photo is portrait.
    const [out] = await trainingPhotos([await photo(4032, 3024, { orientation: 6 })]);
    const meta = await sharp(out.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.height).toBe(TRAINING_LONG_SIDE);
    expect(meta.width).toBe(1536);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(out).toMatchObject({ name: 'photo_01.jpg', type: 'image/jpeg' });
  });

  it('never enlarges a small photo and turns PNG into JPEG', async () => {
    const [out] = await trainingPhotos([await photo(640, 480, { png: true })]);
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 480]);
  });

  it('zips the downscaled JPEGs, not the originals', async () => {
    const big = await photo(3000, 4000);
    const zip = await zipPhotos([big, await photo(800, 600)]);
    const names = await new Promise<string[]>((resolve, reject) => {
      yauzl.fromBuffer(zip, { lazyEntries: false }, (err, file) => {
        if (err || !file) return reject(err);
        const seen: string[] = [];
        file.on('entry', (e: yauzl.Entry) => seen.push(`${e.fileName}:${e.uncompressedSize}`));
        file.on('end', () => resolve(seen));
      });
    });
    expect(names.map((n) => n.split(':')[0])).toEqual(['photo_01.jpg', 'photo_02.jpg']);
    const first = (await trainingPhotos([big]))[0];
    expect(Number(names[0].split(':')[1])).toBe(first.data.length);
  });
});

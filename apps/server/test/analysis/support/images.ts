/**
 * Test photographs: the committed public-domain astronaut and variants of it made with sharp, the
 * group photos shipped in @vladmandic/face-api (read from node_modules, never committed), crops of
 * single people from them, and non-face images.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const FACE_API_DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

export const ASTRONAUT_PATH = new URL('../../../assets/samples/astronaut.png', import.meta.url);
const FIXTURES = new URL('../fixtures/', import.meta.url);

export type TestImage = { name: string; bytes: Buffer; type: 'image/jpeg' | 'image/png' | 'image/webp' };

const jpeg = (name: string, bytes: Buffer): TestImage => ({ name: `${name}.jpg`, bytes, type: 'image/jpeg' });
const png = (name: string, bytes: Buffer): TestImage => ({ name: `${name}.png`, bytes, type: 'image/png' });

export async function astronaut(): Promise<TestImage> {
  return png('astronaut', await readFile(ASTRONAUT_PATH));
}

/** The astronaut as a 1024 px JPEG: the base of the variants (a phone-sized upload). */
async function base() {
  return sharp(await readFile(ASTRONAUT_PATH)).resize(1024, 1024);
}

export const variants = {
  async blurred() {
    return jpeg('blurred', await (await base()).blur(4).jpeg({ quality: 90 }).toBuffer());
  },
  /** Blurred so hard that the detector also finds face-like blobs (measured at sigma 9 to 13). */
  async veryBlurred(sigma: number) {
    return jpeg(`very-blurred-${sigma}`, await (await base()).blur(sigma).jpeg({ quality: 90 }).toBuffer());
  },
  async dark() {
    return jpeg('dark', await (await base()).linear(0.25, 0).jpeg({ quality: 90 }).toBuffer());
  },
  async overexposed() {
    return jpeg('overexposed', await (await base()).linear(1.45, 25).jpeg({ quality: 90 }).toBuffer());
  },
  async tiny() {
    return jpeg(
      'tiny',
      await sharp(await readFile(ASTRONAUT_PATH))
        .resize(160, 160)
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  },
  /** Stored sideways with EXIF Orientation 6 (as phones do) and a GPS position in its EXIF. */
  async exifRotated() {
    // Portrait 800×1024, so a wrong orientation shows in the stored dimensions.
    const upright = await sharp(await readFile(ASTRONAUT_PATH))
      .extract({ left: 56, top: 0, width: 400, height: 512 })
      .resize(800, 1024)
      .png()
      .toBuffer();
    const sideways = await sharp(upright).rotate(-90).jpeg({ quality: 92 }).toBuffer();
    // note: withExif() would reset Orientation to 1; withMetadata sets it, withExifMerge adds the rest.
    const bytes = await sharp(sideways)
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'TestPhone', Model: 'Model 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .jpeg({ quality: 92 })
      .toBuffer();
    return jpeg('exif-rotated', bytes);
  },
  /** Resized, recompressed and cropped by 2%: the same photo for a person, not for a byte compare. */
  async nearDuplicate() {
    const bytes = await sharp(await readFile(ASTRONAUT_PATH))
      .extract({ left: 5, top: 5, width: 502, height: 502 })
      .resize(900, 900)
      .jpeg({ quality: 60 })
      .toBuffer();
    return jpeg('near-duplicate', bytes);
  },
  /** Mirrored: the same person, but not a duplicate by perceptual hash. */
  async mirrored() {
    return jpeg('mirrored', await (await base()).flop().jpeg({ quality: 90 }).toBuffer());
  },
  /** A tight head-and-shoulders crop, upscaled: same person, different composition. */
  async closeUp() {
    const bytes = await sharp(await readFile(ASTRONAUT_PATH))
      .extract({ left: 120, top: 20, width: 240, height: 300 })
      .resize(640, 800)
      .jpeg({ quality: 92 })
      .toBuffer();
    return jpeg('close-up', bytes);
  },
};

export async function groupPhoto(n: number): Promise<TestImage> {
  return jpeg(`group-${n}`, await readFile(path.join(FACE_API_DEMO, `sample${n}.jpg`)));
}

/**
 * One woman of group photo 6 (the studio corpus's g6a-close), her neighbour's shoulder and dress at
 * the right edge with the neighbour's face outside the photo: one face for the face detector.
 */
export async function neighbourAtSide(): Promise<TestImage> {
  const bytes = await sharp(await readFile(path.join(FACE_API_DEMO, 'sample6.jpg')))
    .extract({ left: 0, top: 299, width: 720, height: 900 })
    .jpeg({ quality: 92 })
    .toBuffer();
  return jpeg('neighbour-at-side', bytes);
}

/** A single person cut out of a group photo around the face box (fractions of the photo). */
export async function personFromGroup(
  n: number,
  face: { x: number; y: number; width: number; height: number },
): Promise<TestImage> {
  const src = await readFile(path.join(FACE_API_DEMO, `sample${n}.jpg`));
  const meta = await sharp(src).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const fw = face.width * W;
  const fh = face.height * H;
  const cx = (face.x + face.width / 2) * W;
  const cy = (face.y + face.height / 2) * H;
  // Head and shoulders: about 2.2 face widths across and 2.6 face heights down, clamped.
  const w = Math.round(Math.min(W, fw * 2.2));
  const h = Math.round(Math.min(H, fh * 2.6));
  const left = Math.round(Math.max(0, Math.min(W - w, cx - w / 2)));
  const top = Math.round(Math.max(0, Math.min(H - h, cy - fh * 1.1)));
  const bytes = await sharp(src)
    .extract({ left, top, width: w, height: h })
    .resize({ height: 800 })
    .jpeg({ quality: 92 })
    .toBuffer();
  return jpeg(`person-from-group-${n}`, bytes);
}

export async function cat(): Promise<TestImage> {
  return png('chelsea', await readFile(new URL('chelsea.png', FIXTURES)));
}

export async function coffee(): Promise<TestImage> {
  return png('coffee', await readFile(new URL('coffee.png', FIXTURES)));
}

/** A smooth two-colour gradient, 800×600. */
export async function gradient(): Promise<TestImage> {
  const width = 800;
  const height = 600;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = Math.round((x / width) * 255);
      data[i + 1] = Math.round((y / height) * 200);
      data[i + 2] = 180;
    }
  return jpeg(
    'gradient',
    await sharp(data, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
}

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';

/** Real portraits for specs that need photos passing the upload checks (the server's sample face). */
const ASTRONAUT = fileURLToPath(new URL('../../../server/assets/samples/astronaut.png', import.meta.url));

export type Upload = { name: string; mimeType: string; buffer: Buffer };

/**
 * Seven photos of the same person that the duplicate check tells apart (mirrors and different
 * crops; some also colour-shifted), and a face-free gradient.
 */
export async function portraits(): Promise<{ faces: Upload[]; noFace: Upload }> {
  const src = await readFile(ASTRONAUT);
  const s = () => sharp(src);
  const jpeg = async (name: string, img: Sharp): Promise<Upload> => ({
    name: `${name}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await img.jpeg({ quality: 90 }).toBuffer(),
  });
  const closeUp = { left: 120, top: 20, width: 240, height: 300 };
  const faces = await Promise.all([
    jpeg('selfie-1', s().resize(1024, 1024)),
    jpeg('selfie-2-mirrored', s().resize(1024, 1024).flop()),
    jpeg('selfie-3-close', s().extract(closeUp).resize(640, 800)),
    jpeg('selfie-4-close-mirrored', s().extract(closeUp).resize(640, 800).flop()),
    jpeg(
      'selfie-5-muted',
      s()
        .extract({ left: 0, top: 0, width: 400, height: 512 })
        .resize(800, 1024)
        .modulate({ saturation: 0.6 }),
    ),
    jpeg(
      'selfie-6-hue',
      s()
        .extract({ left: 112, top: 0, width: 400, height: 512 })
        .resize(800, 1024)
        .flop()
        .modulate({ hue: 25 }),
    ),
    jpeg(
      'selfie-7-warm',
      s().extract({ left: 60, top: 30, width: 380, height: 380 }).resize(900, 900).tint('#ffd2a0'),
    ),
  ]);
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((x / width) * 255);
      raw[i + 1] = Math.round((y / height) * 200);
      raw[i + 2] = 180;
    }
  const noFace = await jpeg('sunset-no-face', sharp(raw, { raw: { width, height, channels: 3 } }));
  return { faces, noFace };
}

/**
 * The inputs of the portrait quality check, made from the committed public-domain sample: as is,
 * on a bigger canvas with flat padding, rotated with padding wedges (green, so leftovers can be
 * counted, and grey, as uploads have them), stored sideways with an EXIF orientation, and cut out
 * onto a strongly patterned green-and-white checkerboard.
 */
import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { ASTRONAUT } from '../processing/support.js';

/** The top of the sitter's hair in the sample (rows, 512 px source), read off the pixels. */
export const SAMPLE_HAIR_TOP = 14;

export type QualityInput = {
  name: string;
  photo: Buffer;
  /** The hair top in the upright input's pixels when known exactly. */
  hairTop: number | null;
};

const GREEN = { r: 0, g: 220, b: 0 };

async function checkerboard(width: number, height: number, cell: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0;
      const o = (y * width + x) * 3;
      data[o] = on ? GREEN.r : 245;
      data[o + 1] = on ? GREEN.g : 245;
      data[o + 2] = on ? GREEN.b : 245;
    }
  }
  return data;
}

export async function qualityInputs(engine: StudioEngine): Promise<QualityInput[]> {
  const sample = await readFile(ASTRONAUT);
  const png = (s: Sharp) => s.png().toBuffer();
  const padded = await png(
    sharp(sample).extend({ top: 64, bottom: 64, left: 64, right: 64, background: GREEN }),
  );
  const rotatedGreen = await png(sharp(sample).rotate(12, { background: GREEN }));
  const rotatedGrey = await sharp(sample)
    .rotate(-9, { background: '#808080' })
    .jpeg({ quality: 88 })
    .toBuffer();
  // Pixels stored turned a quarter left; EXIF orientation 6 tells viewers to turn them back.
  const sideways = await sharp(sample).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer();

  // The sitter (as the engine cuts her from the sample) over a checkerboard of 12 px cells.
  const a = await engine.analyse('quality:sample', sample);
  const matte = Buffer.alloc(a.alphaWidth * a.alphaHeight);
  for (let i = 0; i < matte.length; i++) matte[i] = Math.round(a.alpha[i]! * 255);
  const rgba = await sharp(a.rgb, { raw: { width: a.width, height: a.height, channels: 3 } })
    .joinChannel(matte, { raw: { width: a.alphaWidth, height: a.alphaHeight, channels: 1 } })
    .png()
    .toBuffer();
  const patterned = await sharp(await checkerboard(a.width, a.height, 12), {
    raw: { width: a.width, height: a.height, channels: 3 },
  })
    .composite([{ input: rgba }])
    .png()
    .toBuffer();

  return [
    { name: 'sample', photo: sample, hairTop: SAMPLE_HAIR_TOP },
    { name: 'padded', photo: padded, hairTop: SAMPLE_HAIR_TOP + 64 },
    { name: 'rotated, green wedges', photo: rotatedGreen, hairTop: null },
    { name: 'rotated, grey wedges', photo: rotatedGrey, hairTop: null },
    { name: 'exif sideways', photo: sideways, hairTop: SAMPLE_HAIR_TOP },
    { name: 'patterned background', photo: patterned, hairTop: SAMPLE_HAIR_TOP },
  ];
}

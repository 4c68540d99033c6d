/**
 * The studio engine's portrait quality, over the sample and its rotated, padded, sideways and
 * patterned-background variants (quality-inputs.ts): headroom above the hair, leftovers of the
 * input's background or padding, and the face's sharpness, each against a committed threshold
 * (quality-thresholds.ts), so a regression fails CI.
 */
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';
import { enlarge } from '../../src/modules/processing/studio/enlarge.js';
import { StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { ASTRONAUT } from '../processing/support.js';
import { qualityInputs, type QualityInput } from './quality-inputs.js';
import { faceSharpness, greenShare, headroom, paleBackdropKept, sharpnessOf } from './quality-measures.js';
import { THRESHOLDS } from './quality-thresholds.js';

const headshot = STYLE_SEEDS.find((s) => s.slug === 'corporate-grey-studio')!;
const halfBody = STYLE_SEEDS.find((s) => s.slug === 'tech-startup')!;

describe('studio portrait quality', () => {
  let engine: StudioEngine;
  let inputs: QualityInput[];
  beforeAll(async () => {
    engine = await StudioEngine.open();
    inputs = await qualityInputs(engine);
  }, 240_000);

  it('keeps the whole head inside with headroom and leaves no padding or pattern behind', async () => {
    const measured: { name: string; room: number; green: number; face: boolean }[] = [];
    for (const input of inputs) {
      // Every input as a headshot; the half-body frame for the inputs that differ below the head.
      const styles =
        input.name === 'sample' || input.name.startsWith('patterned') ? [headshot, halfBody] : [headshot];
      for (const style of styles) {
        const r = await engine.render({
          photoKey: `quality:${input.name}`,
          photo: input.photo,
          look: style,
          seed: `quality:${style.slug}`,
          longSide: 768,
        });
        if (process.env.QUALITY_OUT)
          await writeFile(`${process.env.QUALITY_OUT}/${input.name}-${style.framing}.jpg`, r.jpeg);
        const hairTop = input.hairTop ?? (r.params.hairTop as number);
        const name = `${input.name} / ${style.framing}`;
        measured.push({
          name,
          room: headroom(r, hairTop),
          green: await greenShare(r),
          face: r.params.faceDetected === true,
        });
      }
    }
    console.log(
      measured
        .map((m) => `${m.name}: headroom ${m.room.toFixed(3)}, green ${(m.green * 100).toFixed(3)}%`)
        .join('\n'),
    );
    for (const m of measured) {
      expect(m.face, m.name).toBe(true);
      expect(m.room, `${m.name} headroom`).toBeGreaterThanOrEqual(THRESHOLDS.minHeadroom);
      expect(m.green, `${m.name} leftover`).toBeLessThanOrEqual(THRESHOLDS.maxGreenShare);
    }
  }, 240_000);

  it('finds the grey padding wedges of a rotated upload', async () => {
    const rotated = inputs.find((i) => i.name === 'rotated, grey wedges')!;
    const a = await engine.analyse('quality:rotated, grey wedges', rotated.photo);
    expect(a.padding).toBeGreaterThan(0.02);
    const plain = await engine.analyse('quality:sample', inputs[0]!.photo);
    expect(plain.padding).toBe(0);
  }, 120_000);

  it('drops the strip of the old pale backdrop the segmenter joins to the right shoulder', async () => {
    const a = await engine.analyse('quality:sample', inputs[0]!.photo);
    // Behind the sample's right shoulder, above the held helmet (512 px source).
    const strip = paleBackdropKept(a, { x: 340, y: 270, width: 35, height: 50 });
    console.log(`pale backdrop kept behind the shoulder: ${strip} px`);
    expect(strip).toBeLessThanOrEqual(THRESHOLDS.maxPaleStrip);
  }, 120_000);

  it('keeps the face sharp at 2048 px, sharper than plain Lanczos', async () => {
    const r = await engine.render({
      photoKey: 'quality:sample',
      photo: inputs[0]!.photo,
      look: headshot,
      seed: 'quality:sharp',
      longSide: 2048,
    });
    const face = await faceSharpness(r);

    // The enlargement alone against plain Lanczos at the same size, on the face, no grading.
    const sample = await readFile(ASTRONAUT);
    const { data, info } = await sharp(sample).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const big = (await enlarge(data, info.width, info.height))!;
    const plain = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .resize(big.width, big.height, { kernel: 'lanczos3', fit: 'fill' })
      .raw()
      .toBuffer();
    // The sample's face (skin, eyes, mouth), in source pixels, scaled to the enlargement.
    const box = {
      x: 170 * big.factor,
      y: 70 * big.factor,
      width: 110 * big.factor,
      height: 110 * big.factor,
    };
    const size = { width: big.width, height: big.height };
    const [enlarged, lanczos] = [await sharpnessOf(big.rgb, box, size), await sharpnessOf(plain, box, size)];
    console.log(
      `face sharpness: portrait ${face.toExponential(3)}; enlarged ${enlarged.toExponential(3)} vs plain Lanczos ${lanczos.toExponential(3)} (×${(enlarged / lanczos).toFixed(2)})`,
    );
    expect(face).toBeGreaterThanOrEqual(THRESHOLDS.minFaceSharpness);
    expect(enlarged / lanczos).toBeGreaterThanOrEqual(THRESHOLDS.minEnlargeGain);
  }, 120_000);
});

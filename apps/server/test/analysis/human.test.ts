import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Config } from '@vladmandic/human';
import { describe, expect, it } from 'vitest';
import {
  findFaces,
  loadHuman,
  rgbToTensor,
  segmentPerson,
  toTensorInput,
} from '../../src/modules/analysis/vision/human.js';

const ASTRONAUT = new URL('../../assets/samples/astronaut.png', import.meta.url);

describe('loadHuman (offline, wasm)', () => {
  it('finds the one face in the committed astronaut portrait and frees its tensors', async () => {
    const human = await loadHuman();
    expect(human.tf.getBackend()).toBe('wasm');
    const before = human.tf.memory().numTensors;
    const input = await toTensorInput(human, await readFile(ASTRONAUT));
    const result = await human.detect(input.tensor);
    input.tensor.dispose();
    expect(result.face).toHaveLength(1);
    expect(result.face[0]!.embedding?.length).toBeGreaterThan(100);
    expect(human.tf.memory().numTensors).toBe(before + (result.face[0]!.tensor ? 1 : 0));
  });

  it('enables person segmentation with the vendored selfie model', async () => {
    const human = await loadHuman({ segmentation: { enabled: true } });
    const input = await toTensorInput(human, await readFile(ASTRONAUT));
    const mask = await human.segmentation(input.tensor);
    input.tensor.dispose();
    expect(mask).not.toBeNull();
    // An RGBA image of the input's size whose alpha channel is the person mask.
    expect(mask!.shape).toEqual([512, 512, 4]);
    const values = await mask!.data();
    mask!.dispose();
    let person = 0;
    for (let i = 3; i < values.length; i += 4) if (values[i]! > 127) person++;
    // The astronaut fills a good part of the frame: the mask is neither empty nor full.
    const fg = person / (512 * 512);
    expect(fg).toBeGreaterThan(0.1);
    expect(fg).toBeLessThan(0.95);
  });

  it("gives the person mask alone, the same values as the alpha of Human's RGBA answer", async () => {
    const human = await loadHuman({ segmentation: { enabled: true } });
    // A size that is neither square nor the model's, padded as the studio's second look pads.
    const { data, info } = await sharp(ASTRONAUT.pathname)
      .resize(437, 301, { fit: 'fill' })
      .extend({ top: 30, bottom: 30, left: 44, right: 44, extendWith: 'copy' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mask = await segmentPerson(human, data, info.width, info.height);
    const input = rgbToTensor(human, data, info.width, info.height);
    const rgbaMode = { segmentation: { mode: 'default' } } as unknown as Partial<Config>;
    const rgba = await human.segmentation(input.tensor, rgbaMode);
    input.tensor.dispose();
    const values = await rgba!.data();
    rgba!.dispose();
    expect(mask).toHaveLength(info.width * info.height);
    let differing = 0;
    let person = 0;
    for (let i = 0; i < mask!.length; i++) {
      if (mask![i] !== Math.fround(Number(values[i * 4 + 3]) / 255)) differing++;
      if (mask![i]! > 0.5) person++;
    }
    expect(differing).toBe(0);
    expect(person / mask!.length).toBeGreaterThan(0.1);
  });

  it('says on every call whether it wants the face descriptor, which Human would carry over', async () => {
    const human = await loadHuman();
    const input = await toTensorInput(human, await readFile(ASTRONAUT));
    try {
      const boxesOnly = await findFaces(human, input.tensor, false);
      const described = await findFaces(human, input.tensor, true);
      for (const f of [...boxesOnly.face, ...described.face]) f.tensor?.dispose();
      expect(boxesOnly.face).toHaveLength(1);
      expect(boxesOnly.face[0]!.embedding ?? []).toHaveLength(0);
      expect(described.face[0]!.box).toEqual(boxesOnly.face[0]!.box);
      expect(described.face[0]!.embedding?.length).toBeGreaterThan(100);
    } finally {
      input.tensor.dispose();
    }
  });
});

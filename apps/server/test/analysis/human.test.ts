import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Config } from '@vladmandic/human';
import { describe, expect, it } from 'vitest';
import { findFaces, loadHuman, rgbToTensor, toTensorInput } from '../../src/modules/analysis/vision/human.js';
import { segmentPerson } from '../../src/modules/analysis/vision/selfie-mask.js';

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

  it('makes no full-size mask tensor in the wasm heap, where Human makes three', async () => {
    const human = await loadHuman({ segmentation: { enabled: true } });
    const [width, height] = [900, 700];
    const { data } = await sharp(ASTRONAUT.pathname)
      .resize(width, height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The kernels whose output is a mask the size of the picture: [.., height, width, 1].
    const fullSize = (info: { kernels: Array<{ name: string; outputShapes: number[][] }> }) =>
      info.kernels
        .filter((k) => k.outputShapes.some((s) => s.slice(-3).join() === `${height},${width},1`))
        .map((k) => k.name);
    // tfjs hands every profile the same object: read each before the next.
    const ours = await human.tf.profile(async () => {
      await segmentPerson(human, data, width, height);
      return [];
    });
    const oursFullSize = fullSize(ours);
    const oursNew = ours.newTensors;
    const humans = await human.tf.profile(async () => {
      const t = rgbToTensor(human, data, width, height).tensor;
      const mask = await human.segmentation(t, { segmentation: { mode: 'alpha' } } as Partial<Config>);
      mask?.dispose();
      t.dispose();
      return [];
    });
    expect(oursFullSize).toEqual([]);
    expect(fullSize(humans)).toEqual(expect.arrayContaining(['ResizeBilinear', 'Multiply', 'Cast']));
    expect(oursNew).toBe(0);
  });

  it('says on every call whether it wants the face descriptor, which Human would carry over', async () => {
    const human = await loadHuman();
    const input = await toTensorInput(human, await readFile(ASTRONAUT));
    try {
      const boxesOnly = await findFaces(human, input.tensor, { describe: false });
      const described = await findFaces(human, input.tensor, { describe: true });
      for (const f of [...boxesOnly.face, ...described.face]) f.tensor?.dispose();
      expect(boxesOnly.face).toHaveLength(1);
      expect(boxesOnly.face[0]!.embedding ?? []).toHaveLength(0);
      expect(described.face[0]!.box).toEqual(boxesOnly.face[0]!.box);
      expect(described.face[0]!.embedding?.length).toBeGreaterThan(100);
    } finally {
      input.tensor.dispose();
    }
  });

  it('leaves the irises out when asked, with the same box and score, and back in on the next call', async () => {
    const human = await loadHuman();
    const input = await toTensorInput(human, await readFile(ASTRONAUT));
    try {
      const without = await findFaces(human, input.tensor, { describe: false, irises: false });
      const again = await findFaces(human, input.tensor, { describe: false });
      for (const f of [...without.face, ...again.face]) f.tensor?.dispose();
      expect(without.face).toHaveLength(1);
      // The iris model adds its two rings of five points to the mesh's 468.
      expect(without.face[0]!.mesh).toHaveLength(468);
      expect(again.face[0]!.mesh).toHaveLength(478);
      expect(without.face[0]!.box).toEqual(again.face[0]!.box);
      expect(without.face[0]!.score).toBe(again.face[0]!.score);
    } finally {
      input.tensor.dispose();
    }
  });

  it('reads a float32 input exactly as the int32 one it replaced: same faces, descriptor and mask', async () => {
    const human = await loadHuman({ segmentation: { enabled: true } });
    const { data, info } = await sharp(ASTRONAUT.pathname)
      .resize(611, 457, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const shape = [1, info.height, info.width, 3] as [number, number, number, number];
    const int32 = human.tf.tensor(Int32Array.from(data), shape, 'int32');
    const float32 = rgbToTensor(human, data, info.width, info.height).tensor;
    expect(float32.dtype).toBe('float32');
    try {
      const read = async (t: typeof int32) => {
        const found = await findFaces(human, t, { describe: true });
        for (const f of found.face) f.tensor?.dispose();
        const mask = await human.segmentation(t, { segmentation: { mode: 'alpha' } } as Partial<Config>);
        const values = Array.from(await mask!.data());
        mask!.dispose();
        return { faces: found.face.map((f) => [f.box, f.mesh, f.embedding]), values };
      };
      const before = await read(int32);
      expect(before.faces).toHaveLength(1);
      expect(await read(float32)).toEqual(before);
    } finally {
      int32.dispose();
      float32.dispose();
    }
  });

  it('writes each input tensor in the wasm heap, its own copy of the bytes, freed on dispose', async () => {
    const human = await loadHuman();
    const tf = human.tf;
    const before = tf.memory();
    const a = Uint8Array.from({ length: 4 * 3 * 3 }, (_, i) => i * 7);
    const b = Uint8Array.from({ length: 2 * 2 * 3 }, (_, i) => 255 - i);
    const first = rgbToTensor(human, a, 4, 3).tensor;
    const second = rgbToTensor(human, b, 2, 2).tensor;
    expect(first.shape).toEqual([1, 3, 4, 3]);
    expect(first.dtype).toBe('float32');
    expect(tf.memory().numTensors).toBe(before.numTensors + 2);
    try {
      expect(Array.from(await first.data())).toEqual(Array.from(a));
      expect(Array.from(await second.data())).toEqual(Array.from(b));
      // A kernel reads it as any other tensor.
      const sum = tf.sum(second);
      expect(Array.from(await sum.data())).toEqual([b.reduce((s, v) => s + v, 0)]);
      sum.dispose();
    } finally {
      first.dispose();
      second.dispose();
    }
    expect(tf.memory().numTensors).toBe(before.numTensors);
    expect(tf.memory().numBytes).toBe(before.numBytes);
  });

  it('clones a tensor by sharing its wasm memory, which lives until the last clone is disposed', async () => {
    const human = await loadHuman();
    const tf = human.tf;
    const before = tf.memory();
    const bytes = Uint8Array.from({ length: 5 * 4 * 3 }, (_, i) => (i * 37) % 256);
    const source = rgbToTensor(human, bytes, 5, 4).tensor;
    const clone = tf.clone(source);
    // Human clones every input twice: a copy would be a second buffer of the picture's size.
    expect(tf.memory().numDataBuffers).toBe(before.numDataBuffers + 1);
    source.dispose();
    expect(clone.isDisposed).toBe(false);
    expect(Array.from(await clone.data())).toEqual(Array.from(bytes));
    // A kernel's output is memory of its own, as before.
    const doubled = tf.mul(clone, 2);
    expect(tf.memory().numDataBuffers).toBe(before.numDataBuffers + 2);
    clone.dispose();
    expect(Array.from(await doubled.data())).toEqual(Array.from(bytes, (v) => v * 2));
    doubled.dispose();
    expect(tf.memory().numTensors).toBe(before.numTensors);
    expect(tf.memory().numDataBuffers).toBe(before.numDataBuffers);
    expect(tf.memory().numBytes).toBe(before.numBytes);
  });
});

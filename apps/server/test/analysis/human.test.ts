import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadHuman, toTensorInput } from '../../src/modules/analysis/vision/human.js';

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
});

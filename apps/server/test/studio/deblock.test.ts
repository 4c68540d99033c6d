/**
 * The deblocking before the one-time enlargement (deblock.ts, block-grid.ts): it finds the
 * sample's JPEG grid (an 8 px grid resized to a 5.69 px pitch) and a native 8 px one, flattens the
 * steps across it on the face, and leaves a photo without a grid untouched.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deblock } from '../../src/modules/processing/studio/deblock.js';
import { blockiness, findGrid, stepProfile } from '../../src/modules/processing/studio/block-grid.js';
import { ASTRONAUT } from '../processing/support.js';
import { MAX_SAMPLE_FACE_BLOCKINESS } from './quality-thresholds.js';

async function rgbOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

function lumaOf(rgb: Uint8Array): Float32Array {
  const y = new Float32Array(rgb.length / 3);
  for (let i = 0; i < y.length; i++)
    y[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  return y;
}

/** The sample's face (skin, eyes, mouth) in its 512 px pixels, as the quality test boxes it. */
const FACE = { x: 170, y: 70, width: 110, height: 110 };

describe('deblocking before the enlargement', () => {
  it("flattens the sample's resized JPEG grid on the face", async () => {
    const src = await rgbOf(await readFile(ASTRONAUT));
    const grid = findGrid(lumaOf(src.data), src.width, src.height);
    expect(grid.y?.pitch).toBeCloseTo(512 / 90, 1);
    const before = blockiness(lumaOf(src.data), src.width, FACE, 'y', grid.y!);
    const after = blockiness(lumaOf(deblock(src.data, src.width, src.height)), src.width, FACE, 'y', grid.y!);
    console.log(
      `sample face blockiness along its ${grid.y!.pitch.toFixed(2)} px grid: ${before.toFixed(3)} → ${after.toFixed(3)}`,
    );
    expect(before).toBeGreaterThan(MAX_SAMPLE_FACE_BLOCKINESS + 0.02);
    expect(after).toBeLessThanOrEqual(MAX_SAMPLE_FACE_BLOCKINESS);
  });

  it('finds and softens a native 8 px grid on both axes', async () => {
    const jpeg = await sharp(await readFile(ASTRONAUT))
      .jpeg({ quality: 40 })
      .toBuffer();
    const src = await rgbOf(jpeg);
    const luma = lumaOf(src.data);
    const grid = findGrid(luma, src.width, src.height);
    expect(grid.x?.pitch).toBeCloseTo(8, 1);
    expect(grid.y?.pitch).toBeCloseTo(8, 1);
    const whole = { x: 0, y: 0, width: src.width, height: src.height };
    const out = lumaOf(deblock(src.data, src.width, src.height));
    for (const axis of ['x', 'y'] as const) {
      const before = blockiness(luma, src.width, whole, axis, grid[axis]!);
      const after = blockiness(out, src.width, whole, axis, grid[axis]!);
      expect(after, axis).toBeLessThan(1 + (before - 1) * 0.8);
    }
  });

  it('leaves a photo without a block grid as it is', () => {
    const width = 300;
    const height = 200;
    const rgb = new Uint8Array(width * height * 3);
    let seed = 7;
    for (let i = 0; i < width * height; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const v = 60 + ((i % width) / width) * 120 + (seed % 7);
      rgb.fill(Math.round(v), i * 3, i * 3 + 3);
    }
    expect(deblock(rgb, width, height)).toBe(rgb);
  });
});

/**
 * stepProfile as its comment defines it, one pixel at a time: per index, how many lines have a
 * small step into it that is larger than the steps into its neighbours.
 */
function profileByDefinition(luma: Float32Array, width: number, height: number, axis: 'x' | 'y') {
  const stride = axis === 'x' ? 1 : width;
  const step = (i: number) => Math.abs(luma[i]! - luma[i - stride]!);
  const p = new Float64Array(axis === 'x' ? width : height);
  for (let y = axis === 'y' ? 2 : 0; y < (axis === 'y' ? height - 1 : height); y++)
    for (let x = axis === 'x' ? 2 : 0; x < (axis === 'x' ? width - 1 : width); x++) {
      const i = y * width + x;
      const d = step(i);
      if (d < 12 && d > step(i - stride) && d > step(i + stride)) p[axis === 'x' ? x : y]!++;
    }
  return p;
}

describe('stepProfile', () => {
  it('counts the same as its definition, on a real JPEG and on both axes', async () => {
    const { data, width, height } = await rgbOf(await readFile(ASTRONAUT));
    const luma = lumaOf(data);
    for (const axis of ['x', 'y'] as const) {
      const mine = stepProfile(luma, width, height, axis);
      expect(Array.from(mine)).toEqual(Array.from(profileByDefinition(luma, width, height, axis)));
      expect(mine.reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
    }
  });
});

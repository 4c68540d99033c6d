/**
 * The hair's outline (hair-matte.ts): the sample's matte over the head must be a smooth curve,
 * not the segmenter's staircase of whole analysis pixels magnified.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { ASTRONAUT } from '../processing/support.js';
import { outlineRoughness } from './quality-measures.js';
import { MAX_HAIR_OUTLINE_ROUGHNESS } from './quality-thresholds.js';

describe('hair edge', () => {
  let engine: StudioEngine;
  beforeAll(async () => {
    engine = await StudioEngine.open();
  }, 240_000);

  it("rounds the segmenter's stair steps along the top of the hair", async () => {
    const a = await engine.analyse('hair-edge:sample', await readFile(ASTRONAUT));
    const rough = outlineRoughness(a);
    console.log(
      `hair outline roughness: ${rough.toFixed(4)} source px (matte ${a.alphaWidth}×${a.alphaHeight})`,
    );
    expect(rough).toBeLessThanOrEqual(MAX_HAIR_OUTLINE_ROUGHNESS);
  }, 120_000);
});

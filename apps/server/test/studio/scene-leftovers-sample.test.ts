/**
 * The cut-out of the committed sample where the segmenter gets the scene wrong (issue #16,
 * "Leftovers, second pass" in docs/studio/README.md): each measure counts matte pixels of one
 * thing in the source (the left ear, the flag's red stripe at the bottom left, …) against a
 * committed threshold, so the fix that made it pass cannot quietly regress.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PORTRAIT } from '../../src/modules/catalog/style-preview.js';
import type { PhotoAnalysis } from '../../src/modules/processing/studio/analyse-photo.js';
import { StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { keptShare } from './quality-measures.js';
import { THRESHOLDS } from './quality-thresholds.js';

/** The sample's pale skin (warm: red well above blue) and its pale, nearly grey wall. */
const paleSkin = (r: number, g: number, b: number) => r - b >= 35 && Math.min(r, g, b) > 120;
const paleWall = (r: number, g: number, b: number) =>
  Math.max(r, g, b) - Math.min(r, g, b) < 20 && Math.min(r, g, b) > 150;

describe('the sample cut-out, scene leftovers', () => {
  let a: PhotoAnalysis;
  beforeAll(async () => {
    const engine = await StudioEngine.open();
    a = await engine.analyse('sample', await readFile(SAMPLE_PORTRAIT));
  }, 240_000);

  it('keeps the left ear the segmenter leaves out, and not the wall around it', () => {
    // 512 px source: the ear lies under the hair's end, left of the cheek.
    const ear = keptShare(a, { x: 164, y: 112, width: 20, height: 24 }, paleSkin);
    const wall = keptShare(a, { x: 150, y: 112, width: 34, height: 36 }, paleWall);
    console.log(`left ear kept ${ear.toFixed(3)}, wall beside it ${wall.toFixed(3)}`);
    expect(ear).toBeGreaterThanOrEqual(THRESHOLDS.minEarKept);
    expect(wall).toBeLessThanOrEqual(THRESHOLDS.maxWallByEarKept);
  });
});

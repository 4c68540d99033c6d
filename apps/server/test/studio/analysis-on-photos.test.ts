/**
 * The engine's analysis of real photos (the corpus of everyday photos):
 * - a head tilted about 45° (g1c) is levelled in full from the close crop and the waist crop
 *   alike; on the waist crop the detector, run on the whole turned photo, took its width for the
 *   face, so the second turn was skipped and 15° stayed;
 * - dark clothing that reaches a corner is not taken for a rotated upload's flat padding: the
 *   navy uniform (hopper) and a black top against a dark room (g1a-close) were cut out of the
 *   matte, leaving a head over scraps of a body;
 * - the enlargement of a small source, which runs while the matte is cut, is made from the
 *   corrected source (levelled, red-eye removed), exactly as if made afterwards;
 * - the search for faces cut by the side edges (a second detection, on a wider picture) runs only
 *   for faces the analysis keeps: not for a levelling pass that a later one replaces, nor for the
 *   crop around the head that only reads its roll;
 * - once the photo is final, every question for the face models goes out before the analysis
 *   waits for an answer, so the models' thread and this one work at the same time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { enlarge } from '../../src/modules/processing/studio/enlarge.js';
import { localFaceModels, type FaceModels } from '../../src/modules/analysis/vision/face-models.js';
import { loadHuman } from '../../src/modules/analysis/vision/human.js';
import type { PhotoAnalysis } from '../../src/modules/processing/studio/analyse-photo.js';
import { loadPhoto, readManifest, type Manifest } from './corpus-photos.js';

let manifest: Manifest;
let engine: StudioEngine;

async function analyse(id: string): Promise<PhotoAnalysis> {
  const p = manifest.photos.find((x) => x.id === id)!;
  return engine.analyse(id, await loadPhoto(p, manifest.photos));
}

/** Mean matte over a box given in shares of the analysis frame. */
function matteIn(a: PhotoAnalysis, box: { x0: number; x1: number; y0: number; y1: number }): number {
  const w = a.alphaWidth;
  const h = a.alphaHeight;
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(box.y0 * h); y < Math.floor(box.y1 * h); y++)
    for (let x = Math.floor(box.x0 * w); x < Math.floor(box.x1 * w); x++) {
      sum += a.alpha[y * w + x]!;
      n++;
    }
  return sum / n;
}

describe('the engine’s analysis of real photos', () => {
  beforeAll(async () => {
    manifest = await readManifest();
    engine = await StudioEngine.open();
  }, 120_000);

  it('turns the waist crop as far as the close crop of the same moment (was 29.7° of 44.7°)', async () => {
    const close = (await analyse('g1c-close')).corrections.levelled;
    const waist = (await analyse('g1c-waist')).corrections.levelled;
    expect(close).toBeGreaterThan(40);
    expect(Math.abs(waist - close)).toBeLessThan(3);
  }, 180_000);

  it('searches the side edges only for the faces it keeps', async () => {
    const local = localFaceModels(await loadHuman({ segmentation: { enabled: true } }));
    const asked: string[] = [];
    const counting: FaceModels = {
      faces(rgb, width, height, irises) {
        asked.push(irises === false ? 'edges' : 'faces');
        return local.faces(rgb, width, height, irises);
      },
      person(rgb, width, height) {
        asked.push('person');
        return local.person(rgb, width, height);
      },
    };
    const counted = await StudioEngine.open({ faces: counting });
    const p = manifest.photos.find((x) => x.id === 'g1c-waist')!;
    const a = await counted.analyse('g1c-waist', await loadPhoto(p, manifest.photos));
    expect(a.corrections.levelled).toBeGreaterThan(40);
    // The photo as uploaded, then two levelling passes, each with a crop around the head for its
    // roll. Neither pass found the face again on the whole turned photo, so the faces kept are
    // the first detection's, moved with the turn: only that detection's edges are searched.
    expect(asked.filter((k) => k === 'faces')).toHaveLength(5);
    expect(asked.filter((k) => k === 'edges')).toHaveLength(1);
    expect(asked.filter((k) => k === 'person')).toHaveLength(2);
  }, 180_000);

  it('asks the models all that the final photo needs before it waits for any of those answers', async () => {
    const local = localFaceModels(await loadHuman({ segmentation: { enabled: true } }));
    const events: string[] = [];
    async function logged<T>(name: string, ask: () => Promise<T>): Promise<T> {
      events.push(`ask ${name}`);
      const answer = await ask();
      events.push(`answer ${name}`);
      return answer;
    }
    const models: FaceModels = {
      faces: (rgb, w, h, irises) =>
        logged(irises === false ? 'edges' : 'faces', () => local.faces(rgb, w, h, irises)),
      person: (rgb, w, h) => logged('person', () => local.person(rgb, w, h)),
    };
    const watched = await StudioEngine.open({ faces: models });
    const p = manifest.photos.find((x) => x.id === 'g3c-close')!;
    const a = await watched.analyse('g3c-close', await loadPhoto(p, manifest.photos));
    expect(a.corrections.levelled).toBe(0);
    // The person's matte, the edge search and the stretched photo's matte go out together, so a
    // face-model thread works on them while this thread goes on; they used to be asked one after
    // the other's answer.
    expect(events.slice(0, 5)).toEqual([
      'ask faces',
      'answer faces',
      'ask person',
      'ask edges',
      'ask person',
    ]);
    expect(events).toHaveLength(8);
  }, 180_000);

  it('keeps dark clothing at a corner in the matte: it is not a flat padding', async () => {
    // The uniform across the bottom of hopper's photo (0.4 of it kept before), and g1a-close's
    // black top on the left (0.1 before).
    const hopper = await analyse('hopper');
    expect(hopper.padding).toBe(0);
    expect(matteIn(hopper, { x0: 0.25, x1: 0.75, y0: 0.88, y1: 1 })).toBeGreaterThan(0.9);
    const g1a = await analyse('g1a-close');
    expect(g1a.padding).toBe(0);
    expect(matteIn(g1a, { x0: 0.2, x1: 0.4, y0: 0.75, y1: 0.9 })).toBeGreaterThan(0.9);
  }, 180_000);

  it('enlarges the corrected source: levelled, and with red-eye gone', async () => {
    for (const [id, corrected] of [
      ['g1c-close', (a: PhotoAnalysis) => a.corrections.levelled > 40],
      ['g6a-redeye', (a: PhotoAnalysis) => a.corrections.redEyePixels > 0],
    ] as const) {
      const a = await analyse(id);
      expect(corrected(a), id).toBe(true);
      expect(a.enlarged, id).not.toBeNull();
      const after = (await enlarge(a.rgb, a.width, a.height))!;
      expect([a.enlarged!.width, a.enlarged!.height], id).toEqual([after.width, after.height]);
      expect(a.enlarged!.rgb.equals(after.rgb), id).toBe(true);
    }
  }, 180_000);
});

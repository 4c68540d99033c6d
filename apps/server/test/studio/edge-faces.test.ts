/**
 * A neighbour cut in half by the photo's side edge (a group photo cropped to one person) is found
 * by the mirrored search (edge-faces.ts), while photos with nobody cut by an edge, and the mirror
 * image of a face already found, give nothing new. What the engine then drops is measured over
 * the whole corpus (corpus-quality.test.ts: g4c-close's neighbour no longer counts as hair).
 */
import sharp from 'sharp';
import type { Human } from '@vladmandic/human';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHuman, rgbToTensor } from '../../src/modules/analysis/vision/human.js';
import { facesAtSideEdges, type Box } from '../../src/modules/analysis/vision/edge-faces.js';
import { localFaceModels } from '../../src/modules/analysis/vision/face-models.js';
import { analysePhoto as checkPhoto } from '../../src/modules/analysis/analyse-photo.js';
import { defaultUploadCheckSettings } from '../../src/modules/analysis/check-settings.js';
import { judge } from '../../src/modules/analysis/verdict.js';
import { studioFrameRules } from '../../src/modules/processing/studio-frame-rules.js';
import { loadPhoto, readManifest, type Manifest } from './corpus-photos.js';

let manifest: Manifest;
let human: Human;

async function photo(id: string): Promise<Buffer> {
  return loadPhoto(
    manifest.photos.find((p) => p.id === id)!,
    manifest.photos,
  );
}

/** The photo at analysis size (long side 1024) as RGB bytes, with the faces found on it. */
async function facesOf(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg)
    .removeAlpha()
    .resize(1024, 1024, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = rgbToTensor(human, data, info.width, info.height);
  const found = await human.detect(input.tensor);
  input.tensor.dispose();
  const known: Box[] = found.face.map((f) => ({
    x: f.box[0],
    y: f.box[1],
    width: f.box[2],
    height: f.box[3],
  }));
  return {
    known,
    width: info.width,
    edge: await facesAtSideEdges(localFaceModels(human), data, info.width, info.height, known),
  };
}

describe('faces cut by the photo’s side edge', () => {
  beforeAll(async () => {
    manifest = await readManifest();
    human = await loadHuman({ face: { description: { enabled: false } } });
  }, 120_000);

  it('finds the half face of a neighbour at the left and at the right edge', async () => {
    const left = await facesOf(await photo('g4d-close'));
    expect(left.known).toHaveLength(1);
    expect(left.edge).toHaveLength(1);
    expect(left.edge[0]!.x).toBeLessThan(0);
    expect(left.edge[0]!.x + left.edge[0]!.width).toBeGreaterThan(0);

    const right = await facesOf(await photo('g3b-close'));
    expect(right.edge).toHaveLength(1);
    expect(right.edge[0]!.x).toBeLessThan(right.width);
    expect(right.edge[0]!.x + right.edge[0]!.width).toBeGreaterThan(right.width);
  }, 120_000);

  it('finds nothing new where nobody is cut by a side edge, nor a mirror of a face found', async () => {
    for (const id of ['g1c-close', 'g2c-close', 'astronaut', 'g5a-close']) {
      const { edge } = await facesOf(await photo(id));
      expect(edge, id).toEqual([]);
    }
  }, 180_000);

  it('makes the upload checks refuse a photo with a neighbour cut by a side edge, in words', async () => {
    const reasons = async (id: string) => {
      const r = await checkPhoto(human, { bytes: await photo(id), format: 'jpeg', checks: true });
      return judge(r.analysis!, defaultUploadCheckSettings(), [], studioFrameRules);
    };
    for (const id of ['g4d-close', 'g3b-close']) {
      const refused = await reasons(id);
      expect(
        refused.map((r) => r.code),
        id,
      ).toContain('multiple_faces');
      expect(refused.find((r) => r.code === 'multiple_faces')!.message).toMatch(
        /Someone else is in this photo/,
      );
    }
    expect((await reasons('g1c-close')).map((r) => r.code)).not.toContain('multiple_faces');
  }, 180_000);
});

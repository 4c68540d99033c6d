/**
 * The studio threads load no face models: their faces and selfie mattes come from the face-model
 * threads the upload checks use (studio-pool.ts passes each question on). A portrait rendered that
 * way is byte for byte the one an engine with its own Human renders, on photos that take every
 * path of the analysis that asks the models: a neighbour cut by the side edge (the mirrored
 * search), a head tilted 30° (levelled, faces found again on the turned photo), a plain portrait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFaceThreads, faceThreads } from '../../src/modules/analysis/face-threads.js';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';
import { StudioEngine, type RenderJob } from '../../src/modules/processing/studio/studio-engine.js';
import { StudioPool } from '../../src/modules/processing/studio/studio-pool.js';
import { loadPhoto, readManifest } from '../studio/corpus-photos.js';

const PHOTOS = ['g4d-close', 'g2c-tilt30', 'cameraman'];

describe('studio threads borrow the face-model threads', () => {
  const pool = new StudioPool({ size: 1 });
  let local: StudioEngine;
  const jobs: RenderJob[] = [];

  beforeAll(async () => {
    await closeFaceThreads();
    local = await StudioEngine.open();
    const manifest = await readManifest();
    for (const [i, id] of PHOTOS.entries()) {
      const p = manifest.photos.find((x) => x.id === id)!;
      jobs.push({
        photoKey: id,
        photo: await loadPhoto(p, manifest.photos),
        look: STYLE_SEEDS[i % STYLE_SEEDS.length]!,
        seed: `borrowed:${id}`,
        longSide: 1024,
      });
    }
  }, 120_000);
  afterAll(async () => {
    await pool.close();
    await closeFaceThreads();
  });

  it('renders the same portraits as an engine with its own face models', async () => {
    expect(faceThreads()).toBe(0);
    for (const job of jobs) {
      const there = await pool.render(job);
      const here = await local.render(job);
      expect(there.params, job.photoKey).toEqual(here.params);
      expect(Buffer.compare(there.jpeg, here.jpeg), job.photoKey).toBe(0);
    }
    // The questions went to a face-model thread, which now holds the models.
    expect(faceThreads()).toBe(1);
    expect(pool.threads).toBe(1);
  }, 300_000);
});

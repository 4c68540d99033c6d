/**
 * Eyes and tilt read from real photos (the corpus of everyday photos, test/studio/corpus): eyes
 * cast down almost shut and a head tilted further than the portraits straighten well are refused
 * in words, while open eyes and tilts the engine levels pass.
 */
import type { Human } from '@vladmandic/human';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHuman } from '../../src/modules/analysis/vision/human.js';
import { analysePhoto } from '../../src/modules/analysis/analyse-photo.js';
import { defaultUploadCheckSettings } from '../../src/modules/analysis/check-settings.js';
import { judge } from '../../src/modules/analysis/verdict.js';
import { studioFrameRules } from '../../src/modules/processing/studio-frame-rules.js';
import { loadPhoto, readManifest, type Manifest } from '../studio/corpus-photos.js';

let manifest: Manifest;
let human: Human;

async function check(id: string) {
  const p = manifest.photos.find((x) => x.id === id)!;
  const r = await analysePhoto(human, {
    bytes: await loadPhoto(p, manifest.photos),
    format: 'jpeg',
    checks: true,
  });
  const a = r.analysis!;
  return {
    face: a.face!,
    codes: judge(a, defaultUploadCheckSettings(), [], studioFrameRules).map((x) => x.code),
  };
}

describe('eyes and tilt on real photos', () => {
  beforeAll(async () => {
    manifest = await readManifest();
    human = await loadHuman({ face: { description: { enabled: false } } });
  }, 120_000);

  it('refuses eyes cast down almost shut, and passes open ones', async () => {
    const down = await check('g2c-close');
    expect(down.face.eyesOpen).toBeLessThan(0.12);
    // Its head is also tilted 24°, past what the portraits straighten.
    expect(down.codes).toEqual(['eyes_closed', 'head_tilted']);
    for (const id of ['g1a-close', 'g3a-close', 'hopper']) {
      const open = await check(id);
      expect(open.face.eyesOpen, id).toBeGreaterThan(0.3);
      expect(open.codes, id).toEqual([]);
    }
  }, 180_000);

  it('refuses a head tilted past levelling, and passes tilts the engine levels', async () => {
    for (const id of ['g6b-tilt30', 'g1c-close', 'g1b-close']) {
      const far = await check(id);
      expect(Math.abs(far.face.headRoll!), id).toBeGreaterThan(25);
      expect(far.codes, id).toEqual(['head_tilted']);
    }
    for (const id of ['g6b-close', 'g6a-close']) {
      const slight = await check(id);
      expect(Math.abs(slight.face.headRoll!), id).toBeGreaterThan(6);
      expect(slight.codes, id).toEqual([]);
    }
  }, 180_000);
});

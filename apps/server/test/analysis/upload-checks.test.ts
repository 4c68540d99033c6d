/**
 * Upload checks end to end: real photographs uploaded through the SDK by their owner, the verdict
 * observed through realtime. Face analysis runs in the worker pool with the real models.
 */
import type PocketBase from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, imageWorkOn, startServer, type TestServer } from '../support/harness.js';
import { UploadChecks } from '../../src/modules/analysis/upload-checks.js';
import * as img from './support/images.js';
import { codes, verdictWatcher } from './support/verdicts.js';

describe.each(engines)('upload checks (%s)', (engine) => {
  let t: TestServer;
  let pb: PocketBase;
  let userId: string;
  let watcher: Awaited<ReturnType<typeof verdictWatcher>>;

  beforeAll(async () => {
    t = await startServer({ engine });
    const u = await t.user();
    pb = u.pb;
    userId = u.id;
    watcher = await verdictWatcher(pb, userId);
  });
  afterAll(async () => {
    await watcher?.stop();
    await t?.close();
  });

  const draft = async () => (await pb.collection('photoshoots').create({ user: userId })).id;

  it('accepts the portrait and records its analysis, keeping fingerprints private', async () => {
    const v = await watcher.upload(await draft(), await img.astronaut());
    expect(v.qc).toBe('accepted');
    // Accepted with a note: at 512 px its face is under the size of a sharp close-up.
    expect((v.qcReasons ?? []).map((r: { code: string }) => r.code)).toEqual(['small_for_close_ups']);
    expect(v).toMatchObject({ faceCount: 1, width: 512, height: 512 });
    expect(v.sharpness).toBeGreaterThan(10);
    expect(v.brightness).toBeGreaterThan(100);
    expect(v.faceBox).toMatchObject({ x: expect.any(Number), height: expect.any(Number) });
    expect(v.faceBox.height).toBeGreaterThan(0.15);
    expect(v.qcCheckedAt).not.toBe('');
    for (const hidden of ['phash', 'embedding', 'contentHash']) expect(v).not.toHaveProperty(hidden);
    const stored = await t.app.records.findById(t.app.registry.require('original_photos'), v.id);
    expect(stored!.phash).toMatch(/^[0-9a-f]{32}$/);
    expect((stored!.embedding as number[]).length).toBe(1024);
    expect(stored!.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  // What each photo shows (blur, light, size, no face, several people) is the face models' work
  // alone, so it runs on one engine (see imageWorkOn); how a verdict is stored and announced is
  // covered on every engine by the other tests of this file.
  if (imageWorkOn(engine)) {
    it.each([
      ['blurred', img.variants.blurred, ['blurry']],
      ['dark', img.variants.dark, ['too_dark']],
      ['overexposed', img.variants.overexposed, ['overexposed']],
      ['tiny', img.variants.tiny, ['low_resolution']],
      ['cat', img.cat, ['low_resolution', 'no_face']],
      ['coffee', img.coffee, ['no_face']],
      ['gradient', img.gradient, ['no_face']],
    ] as const)('rejects the %s photo with its reason', async (_name, make, expected) => {
      const v = await watcher.upload(await draft(), await make());
      expect(v.qc).toBe('rejected');
      expect(codes(v)).toEqual([...expected]);
      for (const r of v.qcReasons!) expect(r.message.length).toBeGreaterThan(20);
    });

    it.each([9, 12])(
      'tells a single person blurred with sigma %i only that the photo is blurry, not that it shows several people',
      async (sigma) => {
        const v = await watcher.upload(await draft(), await img.variants.veryBlurred(sigma));
        expect(v.qc).toBe('rejected');
        // The detector did see more than one "face" here (the measurement this rule is built on).
        expect(v.faceCount).toBeGreaterThanOrEqual(2);
        expect(codes(v)).toEqual(['blurry']);
      },
    );

    it('rejects a photo with a neighbour whose face is outside it, by their shoulder at its side', async () => {
      const v = await watcher.upload(await draft(), await img.neighbourAtSide());
      expect(v.qc).toBe('rejected');
      // The face detector sees the sitter alone; the people detector sees the neighbour.
      expect(v.faceCount).toBe(1);
      expect(codes(v)).toEqual(['multiple_faces']);
    });

    it.each([1, 2, 3, 4, 5, 6])('rejects group photo %i as showing several people', async (n) => {
      const v = await watcher.upload(await draft(), await img.groupPhoto(n));
      expect(v.qc).toBe('rejected');
      expect(codes(v)).toContain('multiple_faces');
      expect(v.faceCount).toBeGreaterThanOrEqual(3);
    });
  }

  it('stores an EXIF-rotated phone photo upright, without its metadata', async () => {
    const upload = await img.variants.exifRotated();
    const before = await sharp(upload.bytes).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 1024, height: 800 });
    expect(upload.bytes.includes('TestPhone')).toBe(true);

    const v = await watcher.upload(await draft(), upload);
    expect(v.qc).toBe('accepted');
    expect(v).toMatchObject({ width: 800, height: 1024, faceCount: 1 });
    const token = await pb.files.getToken();
    const res = await fetch(pb.files.getURL(v, v.file, { token }));
    expect(res.status).toBe(200);
    const stored = Buffer.from(await res.arrayBuffer());
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 800, height: 1024 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(stored.includes('TestPhone')).toBe(false);
  });

  it('rejects a near-duplicate of an accepted photo of the same photoshoot only', async () => {
    const id = await draft();
    expect((await watcher.upload(id, await img.astronaut())).qc).toBe('accepted');
    const dup = await watcher.upload(id, await img.variants.nearDuplicate());
    expect(dup.qc).toBe('rejected');
    expect(codes(dup)).toEqual(['duplicate']);
    // The same picture in another photoshoot is fine.
    expect((await watcher.upload(await draft(), await img.variants.nearDuplicate())).qc).toBe('accepted');
  });

  it('rejects a different person once two photos of the subject are accepted', async () => {
    const id = await draft();
    const stranger = await strangerFromGroup();
    for (const make of [img.astronaut, img.variants.mirrored])
      expect((await watcher.upload(id, await make())).qc).toBe('accepted');
    const other = await watcher.upload(id, stranger);
    expect(codes(other)).toEqual(['different_person']);
    expect((await watcher.upload(id, await img.variants.closeUp())).qc).toBe('accepted');

    // With a single accepted photo there is nothing to compare against yet.
    const early = await draft();
    expect((await watcher.upload(early, await img.astronaut())).qc).toBe('accepted');
    expect((await watcher.upload(early, stranger)).qc).toBe('accepted');
    // Seven full analyses one after another (face, mesh and descriptor each): work, not waiting.
  }, 120_000);

  it('only orients and strips metadata while uploadChecks is off', async () => {
    await t.app.settings.patch({ processing: { uploadChecks: false } });
    try {
      const v = await watcher.upload(await draft(), await img.gradient());
      expect(v.qc).toBe('accepted');
      expect(v.qcReasons).toEqual([]);
      expect(v).toMatchObject({ width: 800, height: 600, faceCount: 0 });
    } finally {
      await t.app.settings.patch({ processing: { uploadChecks: true } });
    }
  });

  it('re-checks photos left pending by a previous run when it starts', async () => {
    const v = await watcher.upload(await draft(), await img.variants.blurred());
    await t.app.db.run(`UPDATE "original_photos" SET "qc" = ?, "qcReasons" = ? WHERE "id" = ?`, [
      'pending',
      '[]',
      v.id,
    ]);
    const restarted = new UploadChecks(t.app);
    await restarted.resumePending();
    await restarted.idle();
    await restarted.close();
    const rec = await pb.collection('original_photos').getOne(v.id);
    expect(rec.qc).toBe('rejected');
    expect(rec.qcReasons.map((r: { code: string }) => r.code)).toEqual(['blurry']);
  });
});

/** One woman cut out of a face-api group photo: a single, sharp, frontal face of someone else. */
async function strangerFromGroup() {
  const { loadHuman } = await import('../../src/modules/analysis/vision/human.js');
  const { analysePhoto } = await import('../../src/modules/analysis/analyse-photo.js');
  const group = await img.groupPhoto(3);
  const a = await analysePhoto(await loadHuman(), { bytes: group.bytes, format: 'jpeg', checks: true });
  return img.personFromGroup(3, a.analysis!.faces[1]!.box);
}

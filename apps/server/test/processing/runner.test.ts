/**
 * The job runner in one process, on each engine: claim under a lease, reclaim after the lease
 * runs out, retries with backoff then `failed`, results keyed so nothing duplicates, regeneration
 * of flagged results, review on and off, team brand backdrops, progress as work advances. Jobs
 * run through the real studio engine on small test-shoot output; failures are real ones (a stored
 * photo that no longer decodes).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey } from '../../src/core/files/storage.js';
import { backoffSeconds, MAX_BACKOFF_SECONDS } from '../../src/modules/processing/job-outcome.js';
import { claimNext } from '../../src/modules/processing/job-queue.js';
import { providerFactory } from '../../src/modules/processing/providers/registry.js';
import type { GenerationProvider } from '../../src/modules/processing/providers/types.js';
import { writeResult } from '../../src/modules/processing/write-result.js';
import { systemActor } from '../../src/core/records/actor.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { parseDate } from '../../src/tools/dates.js';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { photoshoot, queuedShoot, resultsOf, runner, testSettings, until } from './support.js';
import { operatorCaller, put } from '../support/records.js';

describe('backoff', () => {
  it('doubles from the base per failed attempt and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(30, n))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(30, 40)).toBe(MAX_BACKOFF_SECONDS);
    expect(backoffSeconds(0, 5)).toBe(0);
  });
});

describe.each(engines)('job runner (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  async function events(id: string) {
    return t.app.db.all<{ fromStatus: string; toStatus: string; actorId: string; reason: string }>(
      `SELECT "fromStatus", "toStatus", "actorId", "reason" FROM "photoshoot_events" WHERE "photoshoot" = ? ORDER BY "created"`,
      [id],
    );
  }

  async function ownerClient(userId: string) {
    const user = (await t.app.records.findById(t.app.registry.require('users'), userId))!;
    const pb = t.client();
    await pb.collection('users').authWithPassword(String(user.email), 'user-password-1');
    return pb;
  }

  async function fileOf(result: Record<string, unknown>): Promise<Buffer> {
    const c = t.app.registry.require('results');
    return t.app.storage.readBuffer(fileKey(c.id, String(result.id), String(result.file)));
  }

  async function breakPhotos(photos: string[]): Promise<void> {
    const c = t.app.registry.require('original_photos');
    for (const id of photos) {
      const p = (await t.app.records.findById(c, id))!;
      await t.app.storage.putBuffer(
        fileKey(c.id, id, String(p.file)),
        Buffer.from('not an image'),
        'image/jpeg',
      );
    }
  }

  it('claims a queued photoshoot under a lease and counts the attempt; nothing else is claimable', async () => {
    await testSettings(t);
    const shoot = await queuedShoot(t);
    try {
      const before = Date.now();
      const claimed = await claimNext(t.app, 'worker-a', 30);
      expect(claimed?.id).toBe(shoot.id);
      const ps = await photoshoot(t, shoot.id);
      expect(ps.status).toBe('processing');
      expect(ps.leaseOwner).toBe('worker-a');
      expect(ps.attempts).toBe(1);
      const expires = parseDate(ps.leaseExpiresAt)!.getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 29_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 31_000);
      expect(await claimNext(t.app, 'worker-b', 30)).toBeNull();
      // The lease is server-only: the owner sees the progress, never the lease.
      const seen = await (await ownerClient(shoot.user)).collection('photoshoots').getOne(shoot.id);
      expect(seen.status).toBe('processing');
      expect(seen).not.toHaveProperty('leaseOwner');
      expect(seen).not.toHaveProperty('leaseExpiresAt');
    } finally {
      // Leave the queue clean for the next tests.
      await transition(t.app, shoot.id, 'failed', systemActor('test'), 'cleanup');
    }
  });

  it('reclaims a job whose worker died once its lease expires, then completes it', async () => {
    await testSettings(t);
    const shoot = await queuedShoot(t, { styles: 1, images: 2 });
    expect((await claimNext(t.app, 'dead-worker', 1))?.id).toBe(shoot.id);
    const r = runner(t);
    // Not yet: the dead worker's lease still runs.
    expect(await r.reapExpired()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await r.reapExpired()).toBe(1);
    const requeued = await photoshoot(t, shoot.id);
    expect(requeued.status).toBe('queued');
    expect(requeued.error).toMatch(/stopped responding/);
    expect(await r.runOnce()).toBe(true);
    await r.stop();
    const done = await photoshoot(t, shoot.id);
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
    expect(done.error).toBe('');
    expect(await resultsOf(t, shoot.id)).toHaveLength(2);
    expect((await events(shoot.id)).map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual([
      '>draft',
      'draft>queued',
      'queued>processing',
      'processing>queued',
      'queued>processing',
      'processing>completed',
    ]);
  });

  it('fails a job whose lease expired on its last attempt', async () => {
    await testSettings(t, { maxAttempts: 1 });
    const shoot = await queuedShoot(t);
    await claimNext(t.app, 'dead-worker', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await runner(t).reapExpired()).toBe(1);
    const ps = await photoshoot(t, shoot.id);
    expect(ps.status).toBe('failed');
    expect(ps.error).toMatch(/^Failed after 1 attempt: the worker processing it stopped responding/);
  });

  it('retries a failing job after a backoff, then fails it with the reason visible to operators', async () => {
    await testSettings(t, { maxAttempts: 3, retryBaseSeconds: 60 });
    const shoot = await queuedShoot(t);
    await breakPhotos(shoot.photos);
    const r = runner(t);
    const before = Date.now();
    expect(await r.runOnce()).toBe(true);
    let ps = await photoshoot(t, shoot.id);
    expect(ps.status).toBe('queued');
    expect(ps.attempts).toBe(1);
    expect(ps.error).toMatch(/^Attempt 1 of 3 failed: /);
    // Held back for the backoff: 60 s after the first failure.
    const notBefore = parseDate(ps.leaseExpiresAt)!.getTime();
    expect(notBefore).toBeGreaterThanOrEqual(before + 59_000);
    expect(await r.runOnce()).toBe(false);

    await testSettings(t, { maxAttempts: 3, retryBaseSeconds: 0 });
    await t.app.db.run(`UPDATE "photoshoots" SET "leaseExpiresAt" = '' WHERE "id" = ?`, [shoot.id]);
    expect(await r.runOnce()).toBe(true);
    ps = await photoshoot(t, shoot.id);
    expect(ps.error).toMatch(/^Attempt 2 of 3 failed: /);
    expect(await r.runOnce()).toBe(true);
    await r.stop();
    ps = await photoshoot(t, shoot.id);
    expect(ps.status).toBe('failed');
    expect(ps.attempts).toBe(3);
    expect(ps.error).toMatch(/^Failed after 3 attempts: .+/);
    expect(ps.error).not.toMatch(/\n| {4}at /);
    const operator = await t.superuser();
    const seen = await operator.collection('photoshoots').getOne(shoot.id);
    expect(seen.error).toBe(ps.error);
    expect(await resultsOf(t, shoot.id)).toHaveLength(0);
  }, 120_000);

  it('fails at once, without retries, when there is nothing to work from', async () => {
    await testSettings(t);
    const shoot = await queuedShoot(t);
    await t.app.db.run(`UPDATE "original_photos" SET "qc" = 'rejected' WHERE "photoshoot" = ?`, [shoot.id]);
    const r = runner(t);
    expect(await r.runOnce()).toBe(true);
    await r.stop();
    const ps = await photoshoot(t, shoot.id);
    expect(ps.status).toBe('failed');
    expect(ps.attempts).toBe(1);
    expect(ps.error).toBe('The photoshoot has no accepted photos to work from.');
  });

  it('resumes a released job without redoing or duplicating the results already made', async () => {
    await testSettings(t);
    const shoot = await queuedShoot(t, { styles: 2, images: 2, photos: 2 });
    const first = runner(t).start();
    await until(async () => (await resultsOf(t, shoot.id)).length >= 1 || undefined);
    await first.stop(0);
    const released = await photoshoot(t, shoot.id);
    expect(released.status).toBe('queued');
    // A release is not a failure: the attempt is given back.
    expect(released.attempts).toBe(0);
    const kept = await resultsOf(t, shoot.id);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(4);

    const second = runner(t);
    expect(await second.runOnce()).toBe(true);
    await second.stop();
    const all = await resultsOf(t, shoot.id);
    expect(all).toHaveLength(4);
    expect(new Set(all.map((r) => `${r.style}:${r.variant}`)).size).toBe(4);
    for (const k of kept) {
      const same = all.find((r) => r.id === k.id)!;
      expect(same.file).toBe(k.file);
    }
    expect((await photoshoot(t, shoot.id)).status).toBe('completed');

    // Writing a key that exists never adds a row: the unique key answers, the row stays as it was.
    const image = { variant: 0, data: await fileOf(all[0]!), width: 10, height: 10 };
    const ps = await photoshoot(t, shoot.id);
    await t.app.db.run(
      `UPDATE "photoshoots" SET "status" = 'processing', "leaseOwner" = 'w' WHERE "id" = ?`,
      [shoot.id],
    );
    expect(
      await writeResult(t.app, 'w', { photoshoot: ps, style: String(all[0]!.style), existing: null }, image),
    ).toBe('exists');
    await t.app.db.run(`UPDATE "photoshoots" SET "status" = 'completed', "leaseOwner" = '' WHERE "id" = ?`, [
      shoot.id,
    ]);
    expect(await resultsOf(t, shoot.id)).toHaveLength(4);
  }, 180_000);

  it('with review on, finishes in review with pending, unreleased results', async () => {
    await testSettings(t, { reviewRequired: true });
    const shoot = await queuedShoot(t, { images: 2 });
    const r = runner(t);
    await r.runOnce();
    await r.stop();
    const ps = await photoshoot(t, shoot.id);
    expect(ps.status).toBe('review');
    expect(ps.progress).toBe(100);
    expect(ps.stage).toBe('Awaiting review');
    const results = await resultsOf(t, shoot.id);
    expect(results.map((r) => [r.review, r.released])).toEqual([
      ['pending', false],
      ['pending', false],
    ]);
    // The owner sees none of them before release.
    const owner = await ownerClient(shoot.user);
    expect(
      (await owner.collection('results').getFullList({ filter: `photoshoot = "${shoot.id}"` })).length,
    ).toBe(0);
  }, 120_000);

  it('regenerates only the flagged results, on the same rows, and resets their review', async () => {
    await testSettings(t, { reviewRequired: false });
    const shoot = await queuedShoot(t, { images: 3, photos: 2 });
    const r = runner(t);
    await r.runOnce();
    const before = await resultsOf(t, shoot.id);
    expect(before).toHaveLength(3);
    const flagged = before[1]!;
    const c = t.app.registry.require('results');
    await t.app.records.update(c, operatorCaller(t), String(flagged.id), {
      regenerate: true,
      redoRequested: true,
      review: 'rejected',
      reviewNote: 'eyes closed',
    });
    await transition(t.app, shoot.id, 'queued', { kind: 'superuser', id: 'op' }, 'regenerate rejected');
    await r.runOnce();
    await r.stop();
    const after = await resultsOf(t, shoot.id);
    expect(after.map((x) => x.id)).toEqual(before.map((x) => x.id));
    const redone = after[1]!;
    expect(redone.file).not.toBe(flagged.file);
    expect(redone).toMatchObject({
      regenerate: false,
      redoRequested: false,
      review: 'approved',
      released: true,
      reviewNote: '',
    });
    expect((await sharp(await fileOf(redone)).metadata()).format).toBe('jpeg');
    for (const i of [0, 2]) expect(after[i]!.file).toBe(before[i]!.file);
    expect((await photoshoot(t, shoot.id)).status).toBe('completed');
  }, 180_000);

  it('makes the studio portraits photo by photo, from the photo the provider said beforehand', async () => {
    await testSettings(t);
    const shoot = await queuedShoot(t, { styles: 2, images: 4, photos: 4 });
    const studio = providerFactory(t.app, 'studio')!(t.app, { threads: 1 });
    const said: string[] = [];
    const used: string[] = [];
    const recording: GenerationProvider = Object.assign(Object.create(studio) as GenerationProvider, {
      sourcePhoto: (...args: Parameters<NonNullable<GenerationProvider['sourcePhoto']>>) => {
        const photo = studio.sourcePhoto!(...args);
        said.push(photo);
        return photo;
      },
      generate: async (...args: Parameters<GenerationProvider['generate']>) => {
        const outcome = await studio.generate(...args);
        if (outcome.state === 'done') used.push(...outcome.images.map((i) => i.sourcePhoto!));
        return outcome;
      },
    });
    try {
      const r = runner(t, { provider: recording });
      await r.runOnce();
      await r.stop();
    } finally {
      await studio.close();
    }
    expect((await photoshoot(t, shoot.id)).status).toBe('completed');
    expect(used).toHaveLength(8);
    // A style's four variants take the four best photos in turn.
    expect(new Set(used)).toEqual(new Set(shoot.photos));
    // The order the provider said, each photo's portraits one after another.
    expect(used).toEqual([...said].sort((a, b) => said.indexOf(a) - said.indexOf(b)));
    const runs = used.filter((p, i) => i === 0 || used[i - 1] !== p);
    expect(runs).toHaveLength(new Set(used).size);
  }, 120_000);

  it('uses the team brand backdrop and writes progress as it goes', async () => {
    await testSettings(t);
    const owner = await put(t, 'users', {
      email: `brand_${Date.now()}@example.com`,
      password: 'user-password-1',
      passwordConfirm: 'user-password-1',
    });
    const red = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c01818' } })
      .jpeg()
      .toBuffer();
    const team = await t.app.records.create(
      t.app.registry.require('teams'),
      operatorCaller(t),
      { name: 'Brand', owner: owner.id },
      { files: [await tmpUpload('brandBackdrop', red)] },
    );
    const shoot = await queuedShoot(t, { images: 1, team: String(team.data.id) });
    const progress: number[] = [];
    const off = t.app.events.on('photoshoots', 'update', (e) => {
      if (e.record.id === shoot.id) progress.push(Number(e.record.progress));
    });
    const r = runner(t);
    await r.runOnce();
    await r.stop();
    off();
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(100);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const [result] = await resultsOf(t, shoot.id);
    expect(result!.team).toBe(team.data.id);
    // A test shoot: the smaller output.
    expect(Math.max(Number(result!.width), Number(result!.height))).toBe(1024);
    const { data } = await sharp(await fileOf(result!))
      .extract({ left: 8, top: 8, width: 24, height: 24 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let [rr, gg, bb] = [0, 0, 0];
    for (let i = 0; i < data.length; i += 3) {
      rr += data[i]!;
      gg += data[i + 1]!;
      bb += data[i + 2]!;
    }
    // The corner is the brand's red, not the style's grey.
    expect(rr).toBeGreaterThan(2 * gg);
    expect(rr).toBeGreaterThan(2 * bb);
  }, 120_000);

  async function tmpUpload(key: string, data: Buffer) {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const path = join(mkdtempSync(join(tmpdir(), 'ps-brand-')), 'brand.jpg');
    writeFileSync(path, data);
    return { key, filename: 'brand.jpg', path, size: data.length, oversize: false };
  }
});

/**
 * Photo retention: originals (`processing.originalsRetentionDays`) and results
 * (`processing.resultsRetentionDays`) of delivered photoshoots are deleted, records and files,
 * after their period; originals of photoshoots never delivered after the same period without
 * activity; 0 keeps them; each deletion is logged; a redo in progress is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { runRetention } from '../../src/modules/delivery/retention.js';
import { formatDate } from '../../src/tools/dates.js';
import { fileKey } from '../../src/core/files/storage.js';
import {
  buildScene,
  redo,
  release,
  review,
  shootInReview,
  workerRedoes,
  type Scene,
  type Shoot,
} from './support.js';
import { statusNoticesKey } from '../../src/modules/delivery/status-notices.js';

const DAY_MS = 86_400_000;

describe.each(engines)('photo retention (%s)', (engine) => {
  let t: TestServer;
  let s: Scene;

  beforeAll(async () => {
    t = await startServer({ engine });
    s = await buildScene(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A delivered photoshoot whose release is backdated by `days`. */
  async function releasedDaysAgo(days: number): Promise<Shoot> {
    const shoot = await shootInReview(s, { perStyle: 1, originals: 3 });
    await release(s, shoot);
    await s.su.collection('photoshoots').update(shoot.id, {
      releasedAt: formatDate(new Date(Date.now() - days * DAY_MS)),
    });
    return shoot;
  }

  const count = async (collection: string, photoshoot: string) =>
    (await s.su.collection(collection).getFullList({ filter: `photoshoot = '${photoshoot}'` })).length;

  /** Storage keys of a collection's files for the given records. */
  async function keysOf(collection: string, ids: string[]): Promise<string[]> {
    const def = t.app.registry.require(collection);
    const out: string[] = [];
    for (const id of ids) {
      const rec = await t.app.records.findById(def, id);
      out.push(fileKey(def.id, id, String(rec!.file)));
    }
    return out;
  }
  const exists = async (keys: string[]) =>
    Promise.all(keys.map(async (k) => (await t.app.storage.stat(k)) !== null));

  it('is registered as a system cron job', async () => {
    const jobs = await s.su.crons.getFullList();
    expect(jobs.find((j) => j.id === '__photoRetention__')?.expression).toMatch(/^\d+ \* \* \* \*$/);
  });

  it('deletes originals, records and files, once their period after release has passed', async () => {
    await s.su.settings.update({ processing: { originalsRetentionDays: 30, resultsRetentionDays: 0 } });
    const old = await releasedDaysAgo(31);
    const recent = await releasedDaysAgo(29);
    const oldKeys = await keysOf('original_photos', old.originals);
    const resultKeys = await keysOf('results', old.results);
    expect(await exists(oldKeys)).toEqual([true, true, true]);

    const done = await runRetention(t.app);
    expect(done).toEqual([{ kind: 'originals', photoshoot: old.id, deleted: 3 }]);
    await t.app.storage.idle();
    expect(await count('original_photos', old.id)).toBe(0);
    expect(await exists(oldKeys)).toEqual([false, false, false]);
    // Results are kept (0 days), and so are the recent photoshoot's originals.
    expect(await count('results', old.id)).toBe(2);
    expect(await exists(resultKeys)).toEqual([true, true]);
    expect(await count('original_photos', recent.id)).toBe(3);

    // The owner can read what happened; operators find it in the logs too.
    const log = await s.owner.pb
      .collection('photoshoot_events')
      .getFullList({ filter: `photoshoot = '${old.id}'`, sort: 'created' });
    expect(log.at(-1)).toMatchObject({
      fromStatus: 'completed',
      toStatus: 'completed',
      actorKind: 'system',
      reason: 'retention: 3 original photos deleted, 30 days after release',
    });
    await t.app.logs.flush();
    const logs = await s.su.logs.getList(1, 50, { filter: `data.type = 'retention'` });
    expect(logs.items.map((l) => l.data.photoshoot)).toContain(old.id);

    // A second pass has nothing left to do and logs nothing more.
    expect(await runRetention(t.app)).toEqual([]);
    expect(
      (await s.su.collection('photoshoot_events').getFullList({ filter: `photoshoot = '${old.id}'` })).length,
    ).toBe(log.length);
  });

  it('deletes results after their own period, and keeps everything while the periods are 0', async () => {
    await s.su.settings.update({ processing: { originalsRetentionDays: 0, resultsRetentionDays: 0 } });
    const shoot = await releasedDaysAgo(400);
    expect(await runRetention(t.app)).toEqual([]);
    expect(await count('original_photos', shoot.id)).toBe(3);

    await s.su.settings.update({ processing: { resultsRetentionDays: 365 } });
    const keys = await keysOf('results', shoot.results);
    const done = await runRetention(t.app);
    expect(done).toEqual([{ kind: 'results', photoshoot: shoot.id, deleted: 2 }]);
    await t.app.storage.idle();
    expect(await count('results', shoot.id)).toBe(0);
    expect(await exists(keys)).toEqual([false, false]);
    expect(await count('original_photos', shoot.id)).toBe(3);
    // Nothing left to download.
    const res = await fetch(
      `${t.url}/api/photoshoots/${shoot.id}/download?token=${await s.owner.pb.files.getToken()}`,
    );
    expect(res.status).toBe(404);
  });

  it('deletes the selfies of a photoshoot never delivered after the same period without activity', async () => {
    await s.su.settings.update({ processing: { originalsRetentionDays: 30, resultsRetentionDays: 0 } });
    const ago = (days: number) => formatDate(new Date(Date.now() - days * DAY_MS));
    /** A photoshoot in `status` with two selfies, its last change and uploads `days` ago. */
    async function idleShoot(status: string, days: number, lastUploadDays = days): Promise<Shoot> {
      const shoot = await shootInReview(s, { perStyle: 1, originals: 2 });
      await t.app.db.run(`UPDATE "photoshoots" SET "status" = ?, "updated" = ? WHERE "id" = ?`, [
        status,
        ago(days),
        shoot.id,
      ]);
      await t.app.db.run(`UPDATE "original_photos" SET "created" = ? WHERE "photoshoot" = ?`, [
        ago(days),
        shoot.id,
      ]);
      await t.app.db.run(`UPDATE "original_photos" SET "created" = ? WHERE "id" = ?`, [
        ago(lastUploadDays),
        shoot.originals[1],
      ]);
      return shoot;
    }
    const draft = await idleShoot('draft', 31);
    const failed = await idleShoot('failed', 40);
    const refunded = await idleShoot('refunded', 31);
    const recentDraft = await idleShoot('draft', 29);
    const justUploaded = await idleShoot('draft', 60, 2);
    const awaitingPayment = await idleShoot('pending_payment', 90);
    const inReview = await idleShoot('review', 90);
    const keys = await keysOf('original_photos', draft.originals);

    // (An earlier test's delivered photoshoot may fall due under the new period too.)
    const mine = new Set(
      [draft, failed, refunded, recentDraft, justUploaded, awaitingPayment, inReview].map((x) => x.id),
    );
    const done = (await runRetention(t.app)).filter((d) => mine.has(d.photoshoot));
    expect(done.map((d) => d.photoshoot).sort()).toEqual([draft.id, failed.id, refunded.id].sort());
    expect(done.every((d) => d.kind === 'originals' && d.deleted === 2)).toBe(true);
    await t.app.storage.idle();
    expect(await exists(keys)).toEqual([false, false]);
    for (const gone of [draft, failed, refunded]) expect(await count('original_photos', gone.id)).toBe(0);
    for (const kept of [recentDraft, justUploaded, awaitingPayment, inReview])
      expect(await count('original_photos', kept.id)).toBe(2);
    // The owner reads why, and the photoshoot keeps its state.
    const log = await s.owner.pb
      .collection('photoshoot_events')
      .getFullList({ filter: `photoshoot = '${failed.id}'`, sort: 'created' });
    expect(log.at(-1)).toMatchObject({
      fromStatus: 'failed',
      toStatus: 'failed',
      reason: 'retention: 2 original photos deleted, 30 days without activity',
    });
    expect(await runRetention(t.app)).toEqual([]);

    // With the period at 0, nothing is deleted for inactivity either.
    await s.su.settings.update({ processing: { originalsRetentionDays: 0 } });
    await idleShoot('draft', 400);
    expect(await runRetention(t.app)).toEqual([]);
  });

  it('leaves a photoshoot alone while a redo is in progress, and does not mail the owner', async () => {
    await s.su.settings.update({ processing: { originalsRetentionDays: 1, resultsRetentionDays: 1 } });
    const shoot = await shootInReview(s, { perStyle: 1, originals: 3 });
    await release(s, shoot);
    await redo(s.owner.pb, shoot.id, [shoot.results[0]]);
    await s.su.collection('photoshoots').update(shoot.id, {
      releasedAt: formatDate(new Date(Date.now() - 5 * DAY_MS)),
    });
    const done = await runRetention(t.app);
    expect(done.filter((d) => d.photoshoot === shoot.id)).toEqual([]);
    expect(await count('original_photos', shoot.id)).toBe(3);
    expect(await count('results', shoot.id)).toBe(2);

    // Once delivered again (and its period over) it is due; the retention note that follows never
    // reads as a new delivery to the owner.
    await workerRedoes(s, shoot);
    await review(s.su, shoot.id, { approve: [shoot.results[0]], release: true });
    await s.su.collection('photoshoots').update(shoot.id, {
      releasedAt: formatDate(new Date(Date.now() - 5 * DAY_MS)),
    });
    await t.app.service(statusNoticesKey).idle();
    await t.app.mailer.idle();
    const before = await s.su.send('/api/mail/outbox', { query: { perPage: 500 } });
    const later = await runRetention(t.app);
    expect(later.filter((d) => d.photoshoot === shoot.id).map((d) => d.kind)).toEqual([
      'originals',
      'results',
    ]);
    await s.su.collection('photoshoots').update(shoot.id, { title: 'touched after retention' });
    await t.app.service(statusNoticesKey).idle();
    await t.app.mailer.idle();
    const after = await s.su.send('/api/mail/outbox', { query: { perPage: 500 } });
    const fresh = after.items.slice(0, after.totalItems - before.totalItems);
    expect(fresh.map((m: { subject: string }) => m.subject)).toEqual([]);
  });
});

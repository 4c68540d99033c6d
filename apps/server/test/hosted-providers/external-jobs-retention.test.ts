/**
 * `_external_jobs` rows are forgotten once no longer needed (they hold per-job tokens and the
 * providers' output URLs): settled ones after a week, stuck pending ones after a month; a finished
 * training stays while its photoshoot keeps its selfies (a redo reuses the model).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createJobRow,
  forgetOldJobs,
  settleJobRow,
  SETTLED_KEEP_DAYS,
} from '../../src/modules/hosted-providers/external-jobs.js';
import { formatDate } from '../../src/tools/dates.js';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { queuedShoot } from './support/world.js';

const DAY_MS = 86_400_000;

describe.each(engines)('hosted job rows retention (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  /** A job row for `photoshoot`, settled as `state` (or left pending), last changed `days` ago. */
  async function row(photoshoot: string, kind: 'train' | 'generate', state: string, days: number) {
    const r = await createJobRow(t.app.db, { provider: 'replicate', kind, jobKey: `k-${kind}`, photoshoot });
    if (state === 'done') await settleJobRow(t.app.db, r.id, { state: 'done', outputs: ['https://x/1.png'] });
    if (state === 'failed') await settleJobRow(t.app.db, r.id, { state: 'failed', error: 'boom' });
    const when = formatDate(new Date(Date.now() - days * DAY_MS));
    await t.app.db.run(`UPDATE "_external_jobs" SET "updated" = ? WHERE "id" = ?`, [when, r.id]);
    return r.id;
  }

  const remaining = async (ids: string[]) =>
    (await t.app.db.all<{ id: string }>(`SELECT "id" FROM "_external_jobs"`))
      .map((r) => r.id)
      .filter((id) => ids.includes(id))
      .sort();

  it('forgets settled rows after a week and stuck ones after a month, keeping reusable trainings', async () => {
    const withSelfies = (await queuedShoot(t)).id;
    const old = SETTLED_KEEP_DAYS + 1;
    const keep = [
      await row(withSelfies, 'generate', 'done', SETTLED_KEEP_DAYS - 1),
      await row(withSelfies, 'train', 'done', 60), // a redo may still use this model
      await row(withSelfies, 'generate', 'pending', 29),
    ];
    const gone = [
      await row(withSelfies, 'generate', 'done', old),
      await row(withSelfies, 'generate', 'failed', old),
      await row(withSelfies, 'train', 'failed', old),
      await row('deletedshoot001', 'train', 'done', old), // its selfies are gone
      await row(withSelfies, 'generate', 'pending', 31),
    ];
    expect(await forgetOldJobs(t.app.db)).toBeGreaterThanOrEqual(gone.length);
    expect(await remaining([...keep, ...gone])).toEqual([...keep].sort());

    // Once the photoshoot's selfies are deleted (retention), its training row goes too.
    await t.app.db.run(`DELETE FROM "original_photos" WHERE "photoshoot" = ?`, [withSelfies]);
    await forgetOldJobs(t.app.db);
    expect(await remaining(keep)).toEqual([keep[0], keep[2]].sort());
  });
});

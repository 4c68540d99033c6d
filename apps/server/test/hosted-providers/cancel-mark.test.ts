/**
 * A row we cancelled is told apart from a job the service failed by a mark in its result, not by
 * its error's words: a service's own error may start with "cancelled" too (a job cancelled from
 * its dashboard), and a submitter that took it for ours would stop a job it has no reason to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelJobRow,
  isCancelled,
  stopIfCancelled,
} from '../../src/modules/hosted-providers/cancel-job-row.js';
import { REFUNDED } from '../../src/modules/hosted-providers/cancel-on-refund.js';
import {
  createJobRow,
  findJobRow,
  setExternalId,
  settleJobRow,
  type ExternalJobRow,
} from '../../src/modules/hosted-providers/external-jobs.js';
import { engines, startServer, type TestServer } from '../support/harness.js';

describe.each(engines)('the cancel mark on a job row (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  const newRow = async (externalId: string) => {
    const row = await createJobRow(t.app.db, {
      provider: 'replicate',
      kind: 'generate',
      jobKey: `k-${externalId}`,
      photoshoot: 'shootmarked0001',
    });
    await setExternalId(t.app.db, row.id, externalId);
    return row.id;
  };

  it('marks a row it cancels, and only such a row counts as cancelled', async () => {
    const stopped: string[] = [];
    const stop = async (row: ExternalJobRow) => {
      stopped.push(row.externalId);
    };

    const ours = await newRow('job-ours');
    await cancelJobRow(t.app.db, (await findJobRow(t.app.db, ours))!, stop, REFUNDED);
    const settled = await findJobRow(t.app.db, ours);
    expect(settled?.result).toEqual({ state: 'failed', error: REFUNDED, cancelled: true });
    expect((await isCancelled(t.app.db, ours))?.id).toBe(ours);
    expect(stopped).toEqual(['job-ours']);

    // The service's own failure, in words that start like ours.
    const theirs = await newRow('job-theirs');
    await settleJobRow(t.app.db, theirs, { state: 'failed', error: 'cancelled by the account owner' });
    expect(await isCancelled(t.app.db, theirs)).toBeNull();
    const row = (await findJobRow(t.app.db, theirs))!;
    expect(await stopIfCancelled(t.app.db, row, stop)).toBe(false);
    expect(stopped).toEqual(['job-ours']);
    expect(await stopIfCancelled(t.app.db, settled!, stop)).toBe(true);
    expect(stopped).toEqual(['job-ours', 'job-ours']);
  });
});

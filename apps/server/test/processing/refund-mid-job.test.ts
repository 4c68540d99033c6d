/**
 * A refund that lands while a worker holds the job (an operator's, or one made in Stripe's
 * dashboard) stops the job and releases nothing; one during review ends the review. Before, the
 * money went back while processing carried on and the results were delivered anyway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfterCommit } from '../../src/core/db/after-commit.js';
import { blankPayment, savePayment } from '../../src/modules/payments/payment-store.js';
import { refundPayment } from '../../src/modules/payments/refund.js';
import { reviewPhotoshoot } from '../../src/modules/delivery/review.js';
import type { Actor } from '../../src/core/records/actor.js';
import { nowString } from '../../src/tools/dates.js';
import { engines, startServer, type TestServer } from '../support/harness.js';
import {
  photoshoot,
  queuedShoot,
  resultsOf,
  runner,
  testSettings,
  until,
  type QueuedShoot,
} from './support.js';

const operator: Actor = { kind: 'superuser', id: 'operator-1' };

describe.each(engines)('refund while the job runs (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  /** A paid sandbox payment for `shoot`, recorded as checkout and fulfilment would. */
  async function paidFor(shoot: QueuedShoot): Promise<string> {
    const payment = blankPayment(t.app);
    Object.assign(payment, {
      user: shoot.user,
      photoshoot: shoot.id,
      provider: 'sandbox',
      providerRef: `sbx_${String(payment.id)}`,
      providerPaymentRef: `sbx_${String(payment.id)}`,
      amountCents: 2900,
      currency: 'usd',
      status: 'paid',
      paidAt: nowString(),
    });
    const later = new AfterCommit();
    await t.app.db.transaction(async (tx) => {
      await savePayment(t.app, tx, payment, later, 'create');
      await tx.run(`UPDATE "photoshoots" SET "payment" = ? WHERE "id" = ?`, [payment.id, shoot.id]);
    });
    later.run();
    return String(payment.id);
  }

  async function moves(id: string): Promise<string[]> {
    const rows = await t.app.db.all<{ fromStatus: string; toStatus: string }>(
      `SELECT "fromStatus", "toStatus" FROM "photoshoot_events" WHERE "photoshoot" = ? ORDER BY "created"`,
      [id],
    );
    return rows.map((r) => `${r.fromStatus || '∅'}→${r.toStatus}`);
  }

  it('stops a job being processed: the worker lets go, nothing more is written or released', async () => {
    await testSettings(t, { leaseSeconds: 2 });
    const shoot = await queuedShoot(t, { styles: 3, images: 2, photos: 2 });
    const paymentId = await paidFor(shoot);
    const worker = runner(t).start();
    try {
      await until(async () => (await resultsOf(t, shoot.id)).length >= 1 || undefined);
      expect((await photoshoot(t, shoot.id)).status).toBe('processing');

      const payment = await refundPayment(t.app, paymentId, operator);
      expect(payment).toMatchObject({ status: 'refunded' });
      const refunded = await photoshoot(t, shoot.id);
      expect(refunded.status).toBe('refunded');
      expect(refunded.leaseOwner).toBe('');

      // The worker notices at its next heartbeat or write and drops the job.
      await until(async () => !worker.active.includes(shoot.id) || undefined, 20_000);
      const kept = await resultsOf(t, shoot.id);
      await new Promise((r) => setTimeout(r, 1500));
      const after = await resultsOf(t, shoot.id);
      expect(after.map((r) => r.id)).toEqual(kept.map((r) => r.id));
      expect(after.length).toBeLessThan(6);
      expect(after.every((r) => r.released === false)).toBe(true);
      expect((await photoshoot(t, shoot.id)).status).toBe('refunded');
      expect(await moves(shoot.id)).toEqual([
        '∅→draft',
        'draft→queued',
        'queued→processing',
        'processing→refunded',
      ]);
    } finally {
      await worker.stop(0);
    }
  }, 120_000);

  it('ends a review: the results are never released', async () => {
    await testSettings(t, { reviewRequired: true });
    const shoot = await queuedShoot(t, { images: 2 });
    const paymentId = await paidFor(shoot);
    const worker = runner(t);
    expect(await worker.runOnce()).toBe(true);
    await worker.stop();
    expect((await photoshoot(t, shoot.id)).status).toBe('review');

    await refundPayment(t.app, paymentId, operator);
    expect((await photoshoot(t, shoot.id)).status).toBe('refunded');
    const results = await resultsOf(t, shoot.id);
    const release = reviewPhotoshoot(
      t.app,
      shoot.id,
      { approve: results.map((r) => String(r.id)), reject: new Map(), regenerate: false, release: true },
      operator,
    );
    await expect(release).rejects.toMatchObject({ status: 400, message: /this one is refunded/ });
    expect((await resultsOf(t, shoot.id)).every((r) => r.released === false)).toBe(true);
  }, 120_000);
});

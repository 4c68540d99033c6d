/**
 * A refund is mailed to the buyer, once: the operator's refund of a sandbox payment queues one
 * notice with the amount and the payment reference, and refunding again sends nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import {
  buyer,
  checkout,
  packageId,
  readyDraft,
  sandboxComplete,
  startPaymentsServer,
} from './support/world.js';

describe.each(engines)('refund mail (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startPaymentsServer(engine);
  });
  afterAll(() => t?.close());

  const refundMails = async (email: string) => {
    await t.app.mailer.idle();
    const { items } = await t.app.mailer.listOutbox(10_000);
    return items.filter((m) => m.to.includes(email) && /refund/i.test(m.subject));
  };

  it('tells the buyer how much comes back, once', async () => {
    const b = await buyer(t);
    const draft = await readyDraft(t, b);
    const started = await checkout(b.pb, draft, { package: await packageId(t, 'starter') });
    await sandboxComplete(b.pb, started.payment.id, 'paid');
    expect(await refundMails(b.email)).toHaveLength(0);

    const su = await t.superuser();
    await su.send(`/api/admin/payments/${started.payment.id}/refund`, { method: 'POST' });
    const mails = await refundMails(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/We refunded \$\d+\.\d{2}/);
    expect(mails[0]!.text).toContain(started.payment.id);

    await su
      .send(`/api/admin/payments/${started.payment.id}/refund`, { method: 'POST' })
      .catch(() => undefined);
    expect(await refundMails(b.email)).toHaveLength(1);
  });

  it('says how much a partial refund gave back and that the order stands; the rest is mailed last', async () => {
    const b = await buyer(t);
    const draft = await readyDraft(t, b);
    const started = await checkout(b.pb, draft, { package: await packageId(t, 'starter') });
    await sandboxComplete(b.pb, started.payment.id, 'paid');
    const paid = Number(started.payment.amountCents);
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

    const su = await t.superuser();
    const refund = (body: Record<string, unknown>) =>
      su.send(`/api/admin/payments/${started.payment.id}/refund`, { method: 'POST', body });
    // The sandbox refuses what Stripe refuses.
    const tooMuch = await refund({ amountCents: paid + 1 }).catch((e: { status: number }) => e);
    expect(tooMuch).toMatchObject({
      status: 400,
      response: { data: { amountCents: { code: 'validation_max_number' } } },
    });
    expect(await refundMails(b.email)).toHaveLength(0);

    await refund({ amountCents: 500 });
    let mails = await refundMails(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`We refunded $5.00 of your ${money(paid)} payment`);
    expect(mails[0]!.text).toContain('Your order stands: your photoshoot is not affected.');

    await refund({});
    mails = await refundMails(b.email);
    expect(mails).toHaveLength(2);
    const last = mails.find((m) => !m.text.includes('$5.00 of'))!;
    expect(last.text).toContain(`We refunded ${money(paid - 500)} to the card or account you paid with.`);
    expect(last.text).toContain('Your photoshoot is marked refunded.');
  });
});

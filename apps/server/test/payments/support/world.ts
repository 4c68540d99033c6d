/**
 * Setup for the payment tests: a server (optionally pointed at the fake Stripe), buyers, ready
 * drafts (QC-accepted photos written as an operator would after the upload checks), coupons, and
 * readers for what the tests assert on (payments, transition log, receipts in the dev outbox).
 */
import type PocketBase from 'pocketbase';
import { startServer, type Engine, type TestServer } from '../../support/harness.js';
import type { RecordData } from '../../../src/core/records/codec.js';
import { zeroValue } from '../../../src/core/schema/fields.js';
import { newId } from '../../../src/tools/random.js';
import { nowString } from '../../../src/tools/dates.js';
import type { FakeStripe } from './fake-stripe.js';
import { put } from '../../support/records.js';

export type Buyer = { pb: PocketBase; id: string; email: string };

export const WEBHOOK_SECRET = 'whsec_test_payments_secret';

export async function startPaymentsServer(engine: Engine, stripe?: FakeStripe): Promise<TestServer> {
  const t = await startServer({ engine });
  if (stripe) {
    t.app.options.stripeApi = stripe.target;
    await t.app.settings.patch({
      payments: {
        provider: 'stripe',
        stripeSecretKey: stripe.secretKey,
        stripeWebhookSecret: WEBHOOK_SECRET,
      },
    });
  }
  return t;
}

export async function packageId(t: TestServer, slug: string): Promise<string> {
  const pkg = await t.app.records.findOneBy(t.app.registry.require('packages'), { slug });
  return String(pkg!.id);
}

export async function publicStyles(t: TestServer, n: number): Promise<string[]> {
  const rows = await t.app.db.all<{ id: string }>(
    `SELECT "id" FROM "styles" WHERE "active" = ? AND ("team" = '' OR "team" IS NULL) ORDER BY "sortOrder" LIMIT ?`,
    [true, n],
  );
  return rows.map((r) => r.id);
}

/** Stores `n` photos as already checked and accepted (the upload itself is covered by the flow test). */
export async function acceptedPhotos(
  t: TestServer,
  photoshoot: string,
  user: string,
  n: number,
  qc = 'accepted',
) {
  const collection = t.app.registry.require('original_photos');
  for (let i = 0; i < n; i++) {
    const data: RecordData = {};
    for (const field of collection.fields) data[field.name] = zeroValue(field);
    Object.assign(data, {
      id: newId(),
      photoshoot,
      user,
      file: `selfie_${i}.jpg`,
      qc,
      created: nowString(),
      updated: nowString(),
    });
    await t.app.records.insertRow(collection, data);
  }
}

/** A draft of `buyer` with `styles` chosen and `photos` accepted photos. */
export async function readyDraft(
  t: TestServer,
  buyer: Buyer,
  opts: { styles?: number; photos?: number } = {},
) {
  const styles = await publicStyles(t, opts.styles ?? 1);
  const rec = await buyer.pb.collection('photoshoots').create({ user: buyer.id, title: 'My shoot', styles });
  await acceptedPhotos(t, rec.id, buyer.id, opts.photos ?? 6);
  return rec.id;
}

export async function buyer(t: TestServer): Promise<Buyer> {
  const u = await t.user();
  return { pb: u.pb, id: u.id, email: u.email };
}

export async function coupon(t: TestServer, values: Record<string, unknown>): Promise<RecordData> {
  return put(t, 'coupons', { appliesTo: 'any', active: true, ...values });
}

export async function photoshootRow(t: TestServer, id: string): Promise<RecordData> {
  return (await t.app.records.findById(t.app.registry.require('photoshoots'), id))!;
}

export async function paymentRow(t: TestServer, id: string): Promise<RecordData> {
  return (await t.app.records.findById(t.app.registry.require('payments'), id))!;
}

export async function couponRow(t: TestServer, id: string): Promise<RecordData> {
  return (await t.app.records.findById(t.app.registry.require('coupons'), id))!;
}

/** The photoshoot's moves, oldest first, as `from→to`. */
export async function moves(t: TestServer, photoshoot: string): Promise<string[]> {
  const rows = await t.app.db.all<{ fromStatus: string; toStatus: string }>(
    `SELECT "fromStatus", "toStatus" FROM "photoshoot_events" WHERE "photoshoot" = ? ORDER BY "created"`,
    [photoshoot],
  );
  return rows.map((r) => `${r.fromStatus || '∅'}→${r.toStatus}`);
}

/** Receipts mailed to `email` (waits for background sends first). */
export async function receiptsTo(t: TestServer, email: string) {
  await t.app.mailer.idle();
  const { items } = await t.app.mailer.listOutbox(10_000);
  return items.filter((m) => m.to.includes(email) && /receipt/i.test(m.subject));
}

export type Quote = {
  priceCents: number;
  discountCents: number;
  amountDueCents: number;
  currency: string;
  coupon?: { code: string; percentOff?: number; amountOffCents?: number };
};
export type Checkout = { payment: RecordData & { id: string }; url?: string; paid?: boolean };

export const quote = (pb: PocketBase, id: string, body: Record<string, unknown>) =>
  pb.send<Quote>(`/api/photoshoots/${id}/quote`, { method: 'POST', body });
export const checkout = (pb: PocketBase, id: string, body: Record<string, unknown>) =>
  pb.send<Checkout>(`/api/photoshoots/${id}/checkout`, { method: 'POST', body });
export const verify = (pb: PocketBase, id: string) =>
  pb.send<RecordData>(`/api/payments/${id}/verify`, { method: 'POST' });
export const sandboxView = (pb: PocketBase, id: string) =>
  pb.send<RecordData>(`/api/payments/sandbox/${id}`, { method: 'GET' });
export const sandboxComplete = (pb: PocketBase, id: string, outcome: string) =>
  pb.send<RecordData>(`/api/payments/sandbox/${id}/complete`, { method: 'POST', body: { outcome } });

/**
 * `POST /api/photoshoots/{id}/checkout`: fixes the order's money from the package and coupon,
 * creates the payment and moves the photoshoot to `pending_payment` in one transaction, then asks
 * the provider for its checkout page. The provider call happens after the commit: a transaction
 * (on SQLite, the whole database) is never held open across a network round trip. Nothing due
 * (a 100% coupon) skips the provider: the coupon use is counted and the photoshoot queued at once.
 *
 * A second checkout while one is open hands back the open one when the order is the same (a
 * double click, the back button) and otherwise closes it at the provider and starts over.
 */
import { ApiError } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { actorOf } from '../../core/records/actor.js';
import { transition } from '../photoshoots/lifecycle.js';
import { appLink } from '../../core/mail/app-link.js';
import { nowString, parseDate } from '../../tools/dates.js';
import { AfterCommit } from '../../core/db/after-commit.js';
import { checkReadyForCheckout } from './checkout-readiness.js';
import { closePayment } from './close-payment.js';
import { couponError, usedUpProblem } from './coupon-check.js';
import { fulfilPayment } from './fulfil.js';
import { readOrderInput, type OrderInput } from './order-input.js';
import { resolveOrder, type ResolvedOrder } from './order.js';
import { buyerId, ownedPhotoshoot } from './owned-photoshoot.js';
import { blankPayment, findPayment, lockPayment, savePayment } from './payment-store.js';
import { composeReceipt } from './receipt.js';
import { receiptRef } from './receipt-sent.js';
import { redeemCoupon } from './redeem-coupon.js';
import { activeProvider, providerNamed } from './providers/index.js';
import { ProviderError, type CheckoutStarted, type PaymentProvider } from './providers/provider.js';

export type CheckoutOutcome = { payment: RecordData; url?: string; paid?: true };

function notDraft(status: string): ApiError {
  const message =
    status === 'pending_payment'
      ? 'A payment for this photoshoot is already in progress.'
      : 'This photoshoot has already been ordered.';
  return ApiError.badRequest(message, { status: { code: 'validation_photoshoot_not_draft', message } });
}

/** Longer than a provider call can take (Stripe: 20 s timeout, 2 retries); older starts were abandoned. */
const ABANDONED_START_MS = 2 * 60_000;
const STARTING = 'The checkout is still being opened. Please wait a moment and try again.';

export function checkoutProblem(code: string, message: string): ApiError {
  return ApiError.badRequest(message, { payment: { code, message } });
}

/** What to tell the buyer about a provider that refused or could not be reached (no internals). */
export function providerMessage(err: unknown): string {
  if (err instanceof ProviderError) return err.message;
  console.error('[payments] a provider call failed:', err);
  return 'The payment provider could not start the checkout.';
}

export function providerUnavailable(message: string): ApiError {
  return ApiError.badRequest(`${message} Please try again in a moment.`, {
    payment: { code: 'validation_provider_unavailable', message },
  });
}

function sameOrder(payment: RecordData, input: OrderInput): boolean {
  return (
    payment.package === input.packageId &&
    String(payment.couponCode ?? '').toLowerCase() === input.couponCode.toLowerCase()
  );
}

/**
 * Deals with a checkout already open for the photoshoot: the same order on the same provider gets
 * it back; anything else closes it (or, if the buyer paid meanwhile, fulfils it).
 */
async function openCheckout(
  app: App,
  photoshoot: RecordData,
  input: OrderInput,
  provider: PaymentProvider,
): Promise<CheckoutOutcome | null> {
  if (photoshoot.status !== 'pending_payment' || !photoshoot.payment) return null;
  const open = await findPayment(app, String(photoshoot.payment));
  if (!open || open.status !== 'pending') return null;
  if (sameOrder(open, input) && open.provider === provider.name && open.checkoutUrl) {
    return { payment: open, url: String(open.checkoutUrl) };
  }
  if (!open.providerRef) {
    // note: its provider call is still under way (a double click), unless the server stopped during it.
    const age = Date.now() - (parseDate(open.created)?.getTime() ?? 0);
    if (age < ABANDONED_START_MS) throw checkoutProblem('validation_checkout_starting', STARTING);
    await closePayment(app, String(open.id), 'cancelled', 'Replaced by a new checkout.');
    return null;
  }
  let state;
  try {
    state = await providerNamed(app, String(open.provider)).cancel(open);
  } catch (err) {
    throw providerUnavailable(providerMessage(err));
  }
  if (state.state === 'paid') await fulfilPayment(app, String(open.id), state.providerPaymentRef);
  else await closePayment(app, String(open.id), 'cancelled', 'Replaced by a new checkout.');
  return null;
}

/** The transaction: checks, payment row, money on the photoshoot, the move. */
async function placeOrder(
  app: App,
  tx: Db,
  caller: Caller,
  photoshootId: string,
  input: OrderInput,
  provider: PaymentProvider,
  later: AfterCommit,
): Promise<{ payment: RecordData; order: ResolvedOrder }> {
  const photoshoot = await ownedPhotoshoot(app, tx, buyerId(caller), photoshootId, true);
  if (photoshoot.status !== 'draft') throw notDraft(String(photoshoot.status));
  if (photoshoot.team) {
    const message = "Team photoshoots are covered by the team's seats.";
    throw ApiError.badRequest(message, { photoshoot: { code: 'validation_team_photoshoot', message } });
  }
  const order = await resolveOrder(app, tx, input);
  const { pkg, coupon, quote } = order;
  photoshoot.package = pkg.id;
  await checkReadyForCheckout(app, tx, photoshoot, pkg);

  const free = quote.amountDueCents === 0;
  const now = nowString();
  const payment = Object.assign(blankPayment(app), {
    user: photoshoot.user,
    photoshoot: photoshoot.id,
    package: pkg.id,
    quantity: 1,
    provider: free ? 'free' : provider.name,
    priceCents: quote.priceCents,
    discountCents: quote.discountCents,
    amountCents: quote.amountDueCents,
    currency: quote.currency,
    coupon: coupon?.id ?? '',
    couponCode: coupon?.code ?? '',
    status: 'pending',
  });
  if (free) {
    // note: with nothing to pay, checkout is the payment: the coupon use is counted now or never.
    if (coupon && !(await redeemCoupon(app, tx, String(coupon.id), later.add))) {
      throw couponError(usedUpProblem(String(coupon.code)));
    }
    Object.assign(payment, { status: 'paid', paidAt: now, providerRef: `free_${String(payment.id)}` });
  }
  Object.assign(photoshoot, {
    coupon: coupon?.id ?? '',
    priceCents: quote.priceCents,
    discountCents: quote.discountCents,
    amountDueCents: quote.amountDueCents,
    currency: quote.currency,
    payment: payment.id,
    updated: now,
  });
  const receipt = free ? await composeReceipt(app, tx, payment, photoshoot) : null;
  await savePayment(app, tx, payment, later, 'create');
  await app.records.updateRow(app.registry.require('photoshoots'), photoshoot, tx);
  const to = free ? 'queued' : 'pending_payment';
  await transition(
    app,
    photoshootId,
    to,
    actorOf(caller),
    free ? 'nothing to pay' : 'checkout started',
    tx,
    later.add,
  );
  if (receipt) {
    await app.mailer.queue(receipt, { db: tx, ref: receiptRef(String(payment.id)) });
    later.add(() => app.mailer.deliverQueued());
  }
  return { payment, order };
}

/** Stores the provider's reference and page on the payment, unless it was closed meanwhile. */
export async function recordStarted(
  app: App,
  paymentId: string,
  providerRef: string,
  url: string,
): Promise<RecordData> {
  const later = new AfterCommit();
  const payment = await app.db.transaction(async (tx) => {
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment) throw ApiError.notFound();
    if (payment.status !== 'pending') return payment;
    Object.assign(payment, { providerRef, checkoutUrl: url });
    await savePayment(app, tx, payment, later, 'update');
    return payment;
  });
  later.run();
  return payment;
}

export async function startCheckout(
  app: App,
  caller: Caller,
  photoshootId: string,
  body: Record<string, unknown>,
): Promise<CheckoutOutcome> {
  const input = readOrderInput(body);
  const existing = await ownedPhotoshoot(app, app.db, buyerId(caller), photoshootId);
  const provider = activeProvider(app);
  const reopened = await openCheckout(app, existing, input, provider);
  if (reopened) return reopened;

  const later = new AfterCommit();
  const { payment, order } = await app.db.transaction((tx) =>
    placeOrder(app, tx, caller, photoshootId, input, provider, later),
  );
  later.run();
  if (payment.status === 'paid') return { payment, paid: true };

  const appURL = app.settings.get().meta.appURL;
  const query = { payment: String(payment.id) };
  let started: CheckoutStarted;
  try {
    started = await provider.createCheckout({
      payment,
      itemName: `${String(order.pkg.name)} photoshoot`,
      itemDescription: order.coupon ? `Coupon ${String(order.coupon.code)} applied` : '',
      customerEmail: String(caller.auth?.record.email ?? ''),
      successUrl: appLink(appURL, `/photoshoot/${photoshootId}/payment-return`, query),
      cancelUrl: appLink(appURL, `/photoshoot/${photoshootId}/payment`, { ...query, cancelled: '1' }),
    });
  } catch (err) {
    const message = providerMessage(err);
    await closePayment(app, String(payment.id), 'failed', message);
    throw providerUnavailable(message);
  }
  const saved = await recordStarted(app, String(payment.id), started.providerRef, started.url);
  if (saved.status !== 'pending') {
    // note: replaced while the provider was opening it; that page must never take money.
    await provider.cancel({ ...saved, providerRef: started.providerRef }).catch((err: unknown) => {
      console.error(`[payments] closing the replaced checkout of payment ${String(saved.id)} failed:`, err);
    });
    throw checkoutProblem('validation_checkout_replaced', 'This checkout was replaced by a newer one.');
  }
  return { payment: saved, url: started.url };
}

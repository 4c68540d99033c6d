/**
 * Checkout of anything a purchasable sells (`POST /api/photoshoots/{id}/checkout`,
 * `POST /api/teams/{id}/checkout`, …): fixes the order's money from the package, quantity and
 * coupon, writes the payment and tells the item (`sale.placed`) in one transaction, then asks the
 * provider for its checkout page. The provider call happens after the commit: a transaction (on
 * SQLite, the whole database) is never held open across a network round trip.
 *
 * Nothing due (a 100% coupon) is decided inside that transaction: the payment is written paid, the
 * coupon use counted under its lock (a used-up coupon refuses the order and nothing is written),
 * the item told and the receipt queued; mail and events go out once it has committed.
 */
import { ApiError } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { actorOf } from '../../core/records/actor.js';
import { appLink } from '../../core/mail/app-link.js';
import { inTransaction, type AfterCommit } from '../../core/db/after-commit.js';
import { nowString } from '../../tools/dates.js';
import { buyerId } from './buyer.js';
import { checkoutProblem, providerMessage, providerUnavailable } from './checkout-problems.js';
import { closePayment } from './close-payment.js';
import { couponError, usedUpProblem } from './coupon-check.js';
import type { OrderInput } from '@photoshoot/contract';
import { resolveOrder, type ResolvedOrder } from './order.js';
import { blankPayment, lockPayment, savePayment } from './payment-store.js';
import type { Purchasable } from './purchasable.js';
import { purchasableNamed } from './purchasables.js';
import { queueReceipt } from './receipt.js';
import { redeemCoupon } from './redeem-coupon.js';
import { reopenCheckout, type CheckoutOutcome } from './reopen-checkout.js';
import { activeProvider } from './providers/index.js';
import type { CheckoutStarted, PaymentProvider } from './providers/provider.js';
import { recordOf, type RecordOf } from '../record-of.js';

export type { CheckoutOutcome } from './reopen-checkout.js';

/** How many `input` orders of what `p` sells. */
export function quantityOf(p: Purchasable, input: OrderInput): number {
  return p.sale.byQuantity ? input.quantity : 1;
}

type Placed = { payment: RecordOf<'payments'>; item: RecordData; order: ResolvedOrder };

/** The transaction: the item's checks, the payment row, what the item makes of it. */
async function placeOrder(
  app: App,
  tx: Db,
  caller: Caller,
  p: Purchasable,
  itemId: string,
  input: OrderInput,
  provider: PaymentProvider,
  later: AfterCommit,
): Promise<Placed> {
  const buyer = buyerId(caller);
  const item = await p.sale.item(app, tx, caller, itemId, 'checkout');
  const order = await resolveOrder(app, tx, { ...input, quantity: quantityOf(p, input) }, p.sale.packageKind);
  const { pkg, coupon, quote } = order;
  await p.sale.check?.(app, tx, item, pkg, 'checkout');

  const free = quote.amountDueCents === 0;
  const payment = Object.assign(blankPayment(app), {
    user: buyer,
    [p.field]: item.id,
    package: pkg.id,
    quantity: order.quantity,
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
    if (coupon && !(await redeemCoupon(app, tx, coupon.id, later.add))) {
      throw couponError(usedUpProblem(coupon.code));
    }
    Object.assign(payment, {
      status: 'paid',
      paidAt: nowString(),
      providerRef: `free_${payment.id}`,
    });
  }
  await savePayment(app, tx, payment, later, 'create');
  const reason = free ? 'nothing to pay' : 'checkout started';
  await p.sale.placed({ app, tx, payment, item, actor: actorOf(caller), later, reason });
  if (free) await queueReceipt(app, tx, payment, item, later);
  return { payment, item, order };
}

/** Stores the provider's reference and page on the payment, unless it was closed meanwhile. */
async function recordStarted(
  app: App,
  paymentId: string,
  started: CheckoutStarted,
): Promise<RecordOf<'payments'>> {
  const payment = await inTransaction(app.db, async (tx, later) => {
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment) throw ApiError.notFound();
    if (payment.status !== 'pending') return payment;
    Object.assign(payment, { providerRef: started.providerRef, checkoutUrl: started.url });
    await savePayment(app, tx, payment, later, 'update');
    return payment;
  });
  return payment;
}

/** Opens the provider's page for a placed order; a provider failure fails the payment. */
async function openProviderPage(
  app: App,
  caller: Caller,
  p: Purchasable,
  provider: PaymentProvider,
  { payment, item, order }: Placed,
): Promise<CheckoutOutcome> {
  const appURL = app.settings.get().meta.appURL;
  const back = p.sale.returnLinks(item, payment);
  let started: CheckoutStarted;
  try {
    started = await provider.createCheckout({
      payment,
      itemName: p.sale.itemName(order.pkg, payment),
      itemDescription: order.coupon ? `Coupon ${order.coupon.code} applied` : '',
      customerEmail: caller.auth ? recordOf('users', caller.auth.record).email : '',
      successUrl: appLink(appURL, back.successPath, back.query),
      cancelUrl: appLink(appURL, back.cancelPath, { ...back.query, cancelled: '1' }),
    });
  } catch (err) {
    const message = providerMessage(err);
    await closePayment(app, payment.id, 'failed', message);
    throw providerUnavailable(message);
  }
  const saved = await recordStarted(app, payment.id, started);
  if (saved.status !== 'pending') {
    // note: replaced while the provider was opening it; that page must never take money.
    await provider.cancel({ ...saved, providerRef: started.providerRef }).catch((err: unknown) => {
      console.error(`[payments] closing the replaced checkout of payment ${saved.id} failed:`, err);
    });
    throw checkoutProblem('validation_checkout_replaced', 'This checkout was replaced by a newer one.');
  }
  return { payment: saved, url: started.url };
}

/**
 * `caller` orders item `itemId` of kind `kind` with `input`, the order body its binder read with
 * the contract's `orderBody`.
 * @returns the provider's page to send the buyer to, or the payment already paid (nothing was due).
 * @throws {ApiError} 400 for an order that cannot be placed; 401/404 from the item's module.
 */
export async function startPurchase(
  app: App,
  caller: Caller,
  kind: string,
  itemId: string,
  input: OrderInput,
): Promise<CheckoutOutcome> {
  const p = purchasableNamed(app, kind);
  // note: the item is read first, so a caller who may not buy it learns nothing about the provider.
  const existing = p.sale.openPayment ? await p.sale.item(app, app.db, caller, itemId, 'quote') : null;
  const provider = activeProvider(app);
  const open = existing && p.sale.openPayment?.(existing);
  if (open) {
    const reopened = await reopenCheckout(app, open, input, quantityOf(p, input), provider);
    if (reopened) return reopened;
  }

  const placed = await inTransaction(app.db, (tx, later) =>
    placeOrder(app, tx, caller, p, itemId, input, provider, later),
  );
  if (placed.payment.status === 'paid') return { payment: placed.payment, paid: true };
  return openProviderPage(app, caller, p, provider, placed);
}

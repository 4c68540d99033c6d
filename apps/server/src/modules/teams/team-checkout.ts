/**
 * `POST /api/teams/{id}/quote` and `/checkout`: a team admin buys seats through the same providers,
 * coupons and exactly-once fulfilment as a photoshoot. Checkout writes a pending payment that
 * points at the team (the provider is called after the commit); nothing due (a 100% coupon) is
 * fulfilled at once, which counts the coupon under its lock. Seats are added only by fulfilment,
 * so every checkout is independent: two open checkouts that are both paid both add their seats.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { appLink } from '../../core/mail/app-link.js';
import { AfterCommit } from '../../core/db/after-commit.js';
import {
  checkoutProblem,
  providerMessage,
  providerUnavailable,
  recordStarted,
  type CheckoutOutcome,
} from '../payments/checkout.js';
import { closePayment } from '../payments/close-payment.js';
import { fulfilPayment } from '../payments/fulfil.js';
import { buyerId } from '../payments/owned-photoshoot.js';
import { blankPayment, savePayment } from '../payments/payment-store.js';
import { activeProvider } from '../payments/providers/index.js';
import type { Quote } from '../payments/quote.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { readTeamOrder, resolveTeamOrder } from './team-order.js';
import { seatsBought } from './team-seats-purchase.js';

export type TeamQuote = Quote & { quantity: number; seats: number };

export async function quoteTeamOrder(app: App, body: Record<string, unknown>): Promise<TeamQuote> {
  const input = readTeamOrder(body);
  const { pkg, quote } = await resolveTeamOrder(app, app.db, input);
  const seats = Math.max(0, Number(pkg.seats) || 0) * input.quantity;
  return { ...quote, quantity: input.quantity, seats };
}

export async function startTeamCheckout(
  app: App,
  caller: Caller,
  teamId: string,
  body: Record<string, unknown>,
): Promise<CheckoutOutcome> {
  const buyer = buyerId(caller);
  const input = readTeamOrder(body);
  const provider = activeProvider(app);
  const later = new AfterCommit();
  const { payment, pkg } = await app.db.transaction(async (tx) => {
    const team = await lockRecord(tx, app.registry.require('teams'), teamId);
    if (!team) throw ApiError.notFound();
    const { pkg, coupon, quote } = await resolveTeamOrder(app, tx, input);
    const free = quote.amountDueCents === 0;
    const payment: RecordData = Object.assign(blankPayment(app), {
      user: buyer,
      team: teamId,
      package: pkg.id,
      quantity: input.quantity,
      provider: free ? 'free' : provider.name,
      priceCents: quote.priceCents,
      discountCents: quote.discountCents,
      amountCents: quote.amountDueCents,
      currency: quote.currency,
      coupon: coupon?.id ?? '',
      couponCode: coupon?.code ?? '',
      status: 'pending',
    });
    if (free) payment.providerRef = `free_${String(payment.id)}`;
    await savePayment(app, tx, payment, later, 'create');
    return { payment, pkg };
  });
  later.run();

  if (payment.provider === 'free') {
    // Fulfilment re-checks and counts the coupon under its lock: a used-up coupon fails the payment.
    const settled = await fulfilPayment(app, String(payment.id), '');
    if (settled.status !== 'paid') {
      throw checkoutProblem(
        'validation_coupon_lapsed',
        String(settled.failureReason || 'The coupon no longer applies.'),
      );
    }
    return { payment: settled, paid: true };
  }

  const appURL = app.settings.get().meta.appURL;
  const query = { payment: String(payment.id), team: teamId };
  const seats = await seatsBought(app, app.db, payment);
  let started;
  try {
    started = await provider.createCheckout({
      payment,
      itemName: `${String(pkg.name)}: ${seats} team seat${seats === 1 ? '' : 's'}`,
      itemDescription: payment.couponCode ? `Coupon ${String(payment.couponCode)} applied` : '',
      customerEmail: String(caller.auth?.record.email ?? ''),
      successUrl: appLink(appURL, '/teams/payment-return', query),
      cancelUrl: appLink(appURL, `/teams/${teamId}/team-packages`, { ...query, cancelled: '1' }),
    });
  } catch (err) {
    const message = providerMessage(err);
    await closePayment(app, String(payment.id), 'failed', message);
    throw providerUnavailable(message);
  }
  const saved = await recordStarted(app, String(payment.id), started.providerRef, started.url);
  return { payment: saved, url: started.url };
}

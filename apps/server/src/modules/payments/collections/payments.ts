import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { all, AUTHED } from '../../../core/schema/rule-parts.js';

/** `refund_failed`: refunded, then the provider reported that the money could not be returned. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded', 'refund_failed'];

/**
 * One checkout: what was bought (a photoshoot or a team's seats), for how much, through which
 * provider. The buyer reads their payments; only the server writes them. Amounts are integer cents
 * fixed at checkout from the package and the coupon; `providerRef` (a Stripe Checkout Session id,
 * a sandbox id) is unique so a webhook and a verify call find the same row; `providerPaymentRef`
 * (payment intent) is what a refund needs.
 */
export const payments = defineCollection({
  name: 'payments',
  fields: [
    f.relation('user', 'users', { system: true }),
    f.relation('photoshoot', 'photoshoots', { system: true }),
    f.relation('team', 'teams', { system: true }),
    f.relation('package', 'packages', { system: true }),
    f.number('quantity', { onlyInt: true, min: 0, system: true }),
    f.select('provider', ['sandbox', 'stripe', 'free'], { required: true, system: true }),
    f.text('providerRef', { max: 255, system: true }),
    f.text('providerPaymentRef', { max: 255, system: true }),
    f.text('checkoutUrl', { max: 2000, system: true }),
    f.number('priceCents', { onlyInt: true, min: 0, system: true }),
    f.number('discountCents', { onlyInt: true, min: 0, system: true }),
    f.number('amountCents', { onlyInt: true, min: 0, system: true }),
    /** How much of `amountCents` went back to the buyer; all of it once the payment is `refunded`. */
    f.number('refundedCents', { onlyInt: true, min: 0, system: true }),
    f.text('currency', { max: 3, system: true }),
    f.relation('coupon', 'coupons', { system: true }),
    f.text('couponCode', { max: 40, system: true }),
    f.select('status', PAYMENT_STATUSES, { required: true, system: true }),
    f.text('failureReason', { max: 500, system: true }),
    f.date('paidAt', { system: true }),
    f.date('refundedAt', { system: true }),
    f.date('receiptSentAt', { system: true }),
  ],
  indexes: [
    { name: 'idx_payments_provider_ref', columns: ['providerRef'], unique: true },
    { name: 'idx_payments_user', columns: ['user'] },
    { name: 'idx_payments_photoshoot', columns: ['photoshoot'] },
    { name: 'idx_payments_status', columns: ['status'] },
  ],
  listRule: all(AUTHED, 'user = @request.auth.id'),
  viewRule: all(AUTHED, 'user = @request.auth.id'),
});

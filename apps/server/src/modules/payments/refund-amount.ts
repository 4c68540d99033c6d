/**
 * How much of a paid order an operator may give back: all of what is left, or a part of it. A part
 * leaves the order standing (the photoshoot or the seats stay bought); giving back what is left
 * refunds the order. The amount comes in minor units (cents) of the order's own currency.
 */
import type { RefundInput } from '@photoshoot/contract';
import { ValidationErrors } from '../../core/errors.js';
import type { RecordData } from '../../core/records/codec.js';
import { formatMoney } from '../../core/mail/templates.js';
import { recordOf } from '../record-of.js';

/** What of the payment has not been given back yet, in minor units. */
export function refundableCents(data: RecordData): number {
  const payment = recordOf('payments', data);
  return Math.max(0, payment.amountCents - (payment.refundedCents ?? 0));
}

/**
 * The provider's idempotency key of the next refund of `payment`: one per amount already given
 * back, so a retried call refunds nothing twice and two refunds made at once cannot both go
 * through (the provider refuses a key reused with another amount). The first is the key full
 * refunds have always had.
 */
export function refundKey(data: RecordData): string {
  const payment = recordOf('payments', data);
  const before = payment.refundedCents ?? 0;
  return before > 0 ? `refund-${payment.id}-after-${before}` : `refund-${payment.id}`;
}

/**
 * The amount the operator asked to refund (a whole number above zero: the contract's
 * `refundBody`): `amountCents` (default: all that is left) and, when sent, `currency`, which must
 * be the order's.
 * @throws {ApiError} 400 with `data.amountCents` or `data.currency` saying what is wrong.
 */
export function readRefundAmount(body: RefundInput, payment: RecordData): number {
  const left = refundableCents(payment);
  const currency = recordOf('payments', payment).currency;
  const errors = new ValidationErrors();
  if (body.currency !== undefined && body.currency.toLowerCase() !== currency.toLowerCase()) {
    errors.add(
      'currency',
      'validation_currency_mismatch',
      `This order was paid in ${currency.toUpperCase()}; refund it in ${currency.toUpperCase()}.`,
    );
  }
  const amount = body.amountCents ?? left;
  if (amount > left) {
    const most = formatMoney(left, currency);
    errors.add('amountCents', 'validation_max_number', `At most ${most} of this order is left to refund.`, {
      max: left,
    });
  }
  errors.throwIfAny('The refund amount is not valid.');
  return amount;
}

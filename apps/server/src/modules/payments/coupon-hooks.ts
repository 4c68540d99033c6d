/**
 * A coupon takes a percentage or an amount off, exactly one of them: with both, which one applies
 * would be a guess, and with neither the code is accepted and gives nothing. Said per field, so the
 * back office's form shows it next to the inputs.
 */
import { ValidationErrors } from '../../core/errors.js';
import type { RecordHookEvent, RecordHooks } from '../../core/records/record-hooks.js';
import { recordOf } from '../record-of.js';

async function checkDiscount(e: RecordHookEvent): Promise<void> {
  // note: an edit that leaves the discount alone (deactivating an old coupon) is not held up by it.
  if (e.existing && !e.submitted.has('percentOff') && !e.submitted.has('amountOffCents')) return;
  // note: the values are already prepared (a submitted "10" is the number 10).
  const { percentOff, amountOffCents } = recordOf('coupons', e.record);
  const percent = percentOff > 0;
  const amount = amountOffCents > 0;
  const errors = new ValidationErrors();
  if (percent && amount) {
    const message = 'Give a percentage or an amount off, not both.';
    errors.add('percentOff', 'validation_coupon_both_discounts', message);
    errors.add('amountOffCents', 'validation_coupon_both_discounts', message);
  } else if (!percent && !amount) {
    const message = 'Give a percentage or an amount off.';
    errors.add('percentOff', 'validation_coupon_no_discount', message);
    errors.add('amountOffCents', 'validation_coupon_no_discount', message);
  }
  errors.throwIfAny('The coupon is not valid.');
}

export function registerCouponHooks(hooks: RecordHooks): void {
  hooks.on('beforeCreate', 'coupons', checkDiscount);
  hooks.on('beforeUpdate', 'coupons', checkDiscount);
}

import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';

/**
 * Discount codes. Nobody but operators reads or writes them through the records API: the quote
 * and checkout endpoints look a code up (case-insensitively) and count `redemptions` atomically
 * when a payment succeeds. `maxRedemptions` 0 means unlimited; `packages` (when set) narrows
 * `appliesTo` to those packages.
 */
export const coupons = defineCollection({
  name: 'coupons',
  fields: [
    f.text('code', { required: true, min: 3, max: 40, pattern: '^[A-Za-z0-9_-]+$' }),
    f.text('description', { max: 500 }),
    f.number('percentOff', { onlyInt: true, min: 0, max: 100 }),
    f.number('amountOffCents', { onlyInt: true, min: 0 }),
    f.text('currency', { pattern: '^[a-z]{3}$' }),
    f.select('appliesTo', ['any', 'individual', 'team'], { required: true }),
    f.relation('packages', 'packages', { maxSelect: 50 }),
    f.number('maxRedemptions', { onlyInt: true, min: 0 }),
    f.number('redemptions', { onlyInt: true, min: 0, system: true }),
    f.date('expiresAt'),
    f.bool('active'),
  ],
  indexes: [{ name: 'idx_coupons_code', columns: ['code'], unique: true, nocase: true }],
});

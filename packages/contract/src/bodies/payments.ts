/** Bodies of the payment endpoints: every quote and checkout, the sandbox page and refunds. */
import { z } from 'zod';
import { coded, issue } from './coded.js';

/** The most any order may ask for; each package allows up to its own `maxQuantity`. */
export const MAX_ORDER_QUANTITY = 1000;

/**
 * `POST …/quote` and `…/checkout` of whatever is sold (a photoshoot, a team's seats): a package,
 * how many of it (what is sold one at a time ignores it) and maybe a coupon code.
 */
export const orderBody = z
  .object({
    package: coded(z.string().trim().min(1), 'validation_required', 'Choose a package.'),
    coupon: coded(z.string().max(100).nullish(), 'validation_invalid_value', 'The coupon code must be text.'),
    quantity: coded(
      z.number().int().min(1).max(MAX_ORDER_QUANTITY).nullish(),
      'validation_invalid_quantity',
      `The quantity must be a whole number from 1 to ${MAX_ORDER_QUANTITY}.`,
      { min: 1, max: MAX_ORDER_QUANTITY },
    ),
  })
  .transform((o) => ({
    packageId: o.package,
    couponCode: (o.coupon ?? '').trim(),
    quantity: o.quantity ?? 1,
  }));
export type OrderRequest = z.input<typeof orderBody>;
/** An order as the server reads it. */
export type OrderInput = z.output<typeof orderBody>;

export const SANDBOX_OUTCOMES = ['paid', 'cancelled', 'failed'] as const;

/** `POST /api/payments/sandbox/{id}/complete` → PaymentsRecord: the buyer's choice on the sandbox page. */
export const sandboxCompleteBody = z.object({
  outcome: coded(
    z.enum(SANDBOX_OUTCOMES),
    'validation_invalid_value',
    'Choose "paid", "cancelled" or "failed".',
  ),
});
export type SandboxCompleteRequest = z.input<typeof sandboxCompleteBody>;
export type SandboxOutcome = z.output<typeof sandboxCompleteBody>['outcome'];

/**
 * `POST /api/admin/payments/{id}/refund` (superusers): all that is left of a paid order (no
 * amount) or a part, in minor units of the order's currency; `currency`, when sent, must be it.
 */
export const refundBody = z.object({
  amountCents: coded(
    z.number().int().nullish(),
    'validation_not_integer',
    'The amount must be a whole number of cents.',
  )
    .refine(
      (cents) => cents == null || cents > 0,
      issue('validation_min_number', 'The amount must be more than zero.'),
    )
    .transform((cents) => cents ?? undefined),
  currency: coded(z.string().optional(), 'validation_invalid_value', 'Must be a currency code.'),
});
export type RefundRequest = z.input<typeof refundBody>;
/** A refund request as the server reads it: no amount means all that is left. */
export type RefundInput = z.output<typeof refundBody>;

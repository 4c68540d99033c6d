/** Bodies of the payment endpoints other than checkout: the sandbox page and refunds. */
import { z } from 'zod';
import { coded, issue } from './coded.js';

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

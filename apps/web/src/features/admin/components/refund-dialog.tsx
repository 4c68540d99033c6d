import { useEffect, useState } from 'react';
import { formatMoney } from '../../../shared/money';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { TextField } from '../../../ui';
import { useToast } from '../../../ui/use-toast';
import { refundPayment } from '../data/admin-actions';
import { refusedFields } from '../data/refused-fields';
import type { AdminPayment } from '../data/admin-types';

/** A charge that failed on our side and was not given back yet (server: `isRefundOwed`). */
export function isRefundOwed(p: AdminPayment): boolean {
  return p.status === 'failed' && !!p.providerPaymentRef && !p.refundedAt && p.amountCents > 0;
}

/** What of a payment has not been given back yet (server: `refundableCents`). */
export function refundableCents(p: AdminPayment): number {
  return Math.max(0, p.amountCents - (p.refundedCents ?? 0));
}

/** "12.5" → 1250 cents; null for anything that is not an amount with at most two decimals. */
export function parseCents(text: string): number | null {
  const m = /^\s*(\d+)(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** What a refund of `cents` of `p` does, said before the operator confirms it. */
export function refundConsequence(p: AdminPayment, customer: string, cents = refundableCents(p)): string {
  const money = `${formatMoney(cents, p.currency)} goes back to ${customer} through ${p.provider}.`;
  if (isRefundOwed(p)) return `${money} Nothing else changes.`;
  if (cents < refundableCents(p)) {
    const kept = p.team ? 'the team keeps its seats' : 'the photoshoot stays as it is';
    return `${money} A part of the ${formatMoney(p.amountCents, p.currency)} paid: ${kept}. This cannot be undone.`;
  }
  const what = p.team
    ? 'The team loses the seats it bought (seats in use stay until they are given back)'
    : 'The photoshoot becomes refunded and any work in progress stops';
  return `${money} ${what}; a coupon it used stays spent. This cannot be undone.`;
}

/** The amount field's complaint, or '' when `cents` can be refunded. */
function amountProblem(cents: number | null, left: number, currency: string): string {
  if (cents === null) return 'Enter an amount such as 12.50.';
  if (cents <= 0) return 'Enter more than zero.';
  if (cents > left) return `At most ${formatMoney(left, currency)} is left to refund.`;
  return '';
}

/**
 * Asks before refunding a payment (or retrying one owed) and makes the refund. A paid payment can
 * be refunded in part: the amount starts at all that is left and the sentence above it says what
 * that amount does. `onDone` runs after the server answered, to re-read what changed.
 */
export function RefundDialog({
  payment,
  customer,
  onClose,
  onDone,
}: {
  payment: AdminPayment | null;
  /** Who gets the money back, as the operator knows them (an email). */
  customer: string;
  onClose: () => void;
  onDone: () => Promise<unknown> | void;
}) {
  const toast = useToast();
  const owed = payment ? isRefundOwed(payment) : false;
  const left = payment ? refundableCents(payment) : 0;
  const [text, setText] = useState('');
  const [serverError, setServerError] = useState('');
  useEffect(() => {
    setText((left / 100).toFixed(2));
    setServerError('');
  }, [payment?.id, left]);
  const cents = owed ? left : parseCents(text);
  const currency = payment?.currency ?? '';
  const problem = owed ? '' : amountProblem(cents, left, currency);
  const partial = !owed && !problem && cents! < left;
  return (
    <ConfirmDialog
      open={!!payment}
      onOpenChange={(open) => (open ? undefined : onClose())}
      destructive
      confirmDisabled={!!problem}
      title={owed ? 'Retry the owed refund?' : 'Refund this payment?'}
      description={
        payment && !problem ? refundConsequence(payment, customer, cents!) : 'Enter the amount to refund.'
      }
      confirmLabel={owed ? 'Retry refund' : partial ? `Refund ${formatMoney(cents!, currency)}` : 'Refund'}
      onConfirm={async () => {
        if (!payment) return;
        try {
          await refundPayment(payment.id, owed ? {} : { amountCents: cents, currency });
        } catch (err) {
          // note: the server's word on the amount belongs under the field, not in a second box.
          const field = (refusedFields(err)?.amountCents as { message?: unknown } | undefined)?.message;
          if (typeof field === 'string' && field) setServerError(field);
          throw err;
        }
        await onDone();
        toast.success('Refund made.', `${formatMoney(cents!, currency)} to ${customer}.`);
      }}
    >
      {owed || !payment ? null : (
        <TextField
          label={`Amount to refund (${currency.toUpperCase()})`}
          name="refundAmount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setServerError('');
          }}
          error={problem || serverError || undefined}
          description={`Paid ${formatMoney(payment.amountCents, currency)}; ${formatMoney(left, currency)} left to refund.`}
        />
      )}
    </ConfirmDialog>
  );
}

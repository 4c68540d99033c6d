import { formatMoney } from '../../../shared/money';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/use-toast';
import { adminPb } from '../admin-client';
import type { AdminPayment } from '../data/admin-types';

/** A charge that failed on our side and was not given back yet (server: `isRefundOwed`). */
export function isRefundOwed(p: AdminPayment): boolean {
  return p.status === 'failed' && !!p.providerPaymentRef && !p.refundedAt && p.amountCents > 0;
}

/** What a refund of `p` does, said before the operator confirms it. */
export function refundConsequence(p: AdminPayment, customer: string): string {
  const money = `${formatMoney(p.amountCents, p.currency)} goes back to ${customer} through ${p.provider}.`;
  if (isRefundOwed(p)) return `${money} Nothing else changes.`;
  const what = p.team
    ? 'The team loses the seats it bought (seats in use stay until they are given back)'
    : 'The photoshoot becomes refunded and any work in progress stops';
  return `${money} ${what}; a coupon it used stays spent. This cannot be undone.`;
}

/**
 * Asks before refunding a payment (or retrying one owed) and makes the refund. `onDone` runs after
 * the server answered, to re-read what changed.
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
  return (
    <ConfirmDialog
      open={!!payment}
      onOpenChange={(open) => (open ? undefined : onClose())}
      destructive
      title={owed ? 'Retry the owed refund?' : 'Refund this payment?'}
      description={payment ? refundConsequence(payment, customer) : ''}
      confirmLabel={owed ? 'Retry refund' : 'Refund'}
      onConfirm={async () => {
        if (!payment) return;
        await adminPb.send(`/api/admin/payments/${encodeURIComponent(payment.id)}/refund`, {
          method: 'POST',
        });
        await onDone();
        toast.success(
          'Refund made.',
          `${formatMoney(payment.amountCents, payment.currency)} to ${customer}.`,
        );
      }}
    />
  );
}

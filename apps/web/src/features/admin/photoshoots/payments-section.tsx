import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/use-toast';
import { adminPb } from '../admin-client';
import { formatDateTime } from '../components/format';
import { PaymentStatusBadge } from '../components/status-badge';
import { adminKeys } from '../data/admin-keys';
import type { AdminPayment, AdminPhotoshoot } from '../data/admin-types';
import { useAdminPayments } from '../data/use-admin-photoshoot';

/** A charge that failed on our side and was not given back yet (server: `isRefundOwed`). */
export function isRefundOwed(p: AdminPayment): boolean {
  return p.status === 'failed' && !!p.providerPaymentRef && !p.refundedAt && p.amountCents > 0;
}

/** The photoshoot's payments, with a refund for a paid one and a retry for one owed. */
export function PaymentsSection({ photoshoot }: { photoshoot: AdminPhotoshoot }) {
  const payments = useAdminPayments(photoshoot.id);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const email = photoshoot.expand?.user?.email ?? 'the customer';

  return (
    <Card className="mt-4">
      <h2 className="font-semibold">Payments</h2>
      {payments.isError ? <Alert tone="error">The payments could not be loaded.</Alert> : null}
      {payments.data?.length === 0 ? <p className="mt-2 text-sm text-zinc-600">No payment yet.</p> : null}
      <ul className="mt-2 divide-y divide-zinc-100">
        {(payments.data ?? []).map((pay) => {
          const owed = isRefundOwed(pay);
          return (
            <li key={pay.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm">
              <PaymentStatusBadge status={pay.status} />
              <span className="font-semibold tabular-nums">{formatMoney(pay.amountCents, pay.currency)}</span>
              <span className="text-zinc-600">
                {pay.provider}
                {pay.couponCode
                  ? ` · ${pay.couponCode} −${formatMoney(pay.discountCents, pay.currency)}`
                  : ''}
              </span>
              <span className="text-zinc-600">
                {pay.paidAt ? `paid ${formatDateTime(pay.paidAt)}` : `created ${formatDateTime(pay.created)}`}
                {pay.refundedAt ? ` · refunded ${formatDateTime(pay.refundedAt)}` : ''}
              </span>
              {owed ? <span className="font-medium text-red-700">Refund owed</span> : null}
              {pay.status === 'paid' || owed ? (
                <Button
                  variant={owed ? 'primary' : 'secondary'}
                  size="sm"
                  className="ml-auto"
                  onClick={() => setRefunding(pay)}
                >
                  {owed ? 'Retry refund' : 'Refund'}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={!!refunding}
        onOpenChange={(open) => (open ? undefined : setRefunding(null))}
        destructive
        title={refunding && isRefundOwed(refunding) ? 'Retry the owed refund?' : 'Refund this payment?'}
        description={
          refunding
            ? isRefundOwed(refunding)
              ? `${formatMoney(refunding.amountCents, refunding.currency)} goes back to ${email} through ${refunding.provider}. Nothing else changes.`
              : `${formatMoney(refunding.amountCents, refunding.currency)} goes back to ${email} through ${refunding.provider}. The photoshoot becomes refunded and any work in progress stops; a coupon it used stays spent. This cannot be undone.`
            : ''
        }
        confirmLabel="Refund"
        onConfirm={async () => {
          if (!refunding) return;
          await adminPb.send(`/api/admin/payments/${encodeURIComponent(refunding.id)}/refund`, {
            method: 'POST',
          });
          await client.invalidateQueries({ queryKey: adminKeys.photoshootAll(photoshoot.id) });
          toast.success(
            'Refund made.',
            `${formatMoney(refunding.amountCents, refunding.currency)} to ${email}.`,
          );
        }}
      />
    </Card>
  );
}

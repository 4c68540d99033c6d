import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { formatDateTime } from '../components/format';
import { isRefundOwed, RefundDialog } from '../components/refund-dialog';
import { PaymentStatusBadge } from '../components/status-badge';
import { adminKeys } from '../data/admin-keys';
import type { AdminPayment, AdminPhotoshoot } from '../data/admin-types';
import { useAdminPayments } from '../data/use-admin-photoshoot';

/** The photoshoot's payments, with a refund for a paid one and a retry for one owed. */
export function PaymentsSection({ photoshoot }: { photoshoot: AdminPhotoshoot }) {
  const payments = useAdminPayments(photoshoot.id);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const client = useQueryClient();
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
              {pay.status === 'paid' && pay.refundedCents > 0 ? (
                <span className="text-zinc-600">{formatMoney(pay.refundedCents, pay.currency)} refunded</span>
              ) : null}
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
      <RefundDialog
        payment={refunding}
        customer={email}
        onClose={() => setRefunding(null)}
        onDone={() => client.invalidateQueries({ queryKey: adminKeys.photoshootAll(photoshoot.id) })}
      />
    </Card>
  );
}

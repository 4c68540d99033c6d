import { PURCHASABLES } from '@photoshoot/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { formatMoney } from '../../../shared/money';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { dataTableColumns } from '../../../ui/data-table-columns';
import { PageHeader } from '../../../ui/page-header';
import { useToast } from '../../../ui/use-toast';
import { formatDateTime } from '../components/format';
import { isRefundOwed, RefundDialog, refundableCents } from '../components/refund-dialog';
import { PaymentStatusBadge } from '../components/status-badge';
import type { PaymentRow } from '../data/admin-types';
import { adminLists, listKeys, owedRefundsQuery } from '../data/list-queries';
import { ListToolbar } from '../components/list-toolbar';
import { Bought } from './bought';
import { downloadPaymentsCsv } from './data/download-csv';
import { paymentsRawSearch, readPaymentsSearch } from './payments-search';
import { useListSearch } from '../data/use-list-search';
import { useListPage } from '../data/use-list-page';

const STATUS_OPTIONS = ['pending', 'paid', 'failed', 'cancelled', 'refunded', 'refund_failed'].map((v) => ({
  value: v,
  label: (v[0]!.toUpperCase() + v.slice(1)).replace('_', ' '),
}));
const PROVIDER_OPTIONS = [
  { value: 'stripe', label: 'Stripe' },
  { value: 'sandbox', label: 'Sandbox' },
  { value: 'free', label: 'Free (100% off)' },
];
const KIND_OPTIONS = PURCHASABLES.map(({ kind, label }) => ({ value: kind, label }));

const col = dataTableColumns<PaymentRow>();

/** Refund a paid payment, or retry one the provider has not taken yet; nothing otherwise. */
function RefundButton({ p, onRefund }: { p: PaymentRow; onRefund: (p: PaymentRow) => void }) {
  const owed = isRefundOwed(p);
  if (p.status !== 'paid' && !owed) return null;
  return (
    <Button
      size="sm"
      variant={owed ? 'primary' : 'secondary'}
      aria-label={`${owed ? 'Retry refund of' : 'Refund'} ${formatMoney(refundableCents(p), p.currency)} to ${p.expand?.user?.email ?? 'the customer'}`}
      onClick={() => onRefund(p)}
    >
      {owed ? 'Retry refund' : 'Refund'}
    </Button>
  );
}

function paymentColumns(onRefund: (p: PaymentRow) => void) {
  return [
    col.accessor('status', {
      header: 'Status',
      cell: (c) => (
        <span className="flex flex-col items-start gap-1">
          <PaymentStatusBadge status={c.getValue()} />
          {isRefundOwed(c.row.original) ? <Badge tone="danger">Refund owed</Badge> : null}
          {c.row.original.status === 'refund_failed' ? (
            <span className="max-w-48 text-xs font-normal text-red-800">{c.row.original.failureReason}</span>
          ) : null}
          <span className="text-xs font-normal text-zinc-500">{c.row.original.id}</span>
          {/* note: on a phone the customer column steps aside; the first cell carries it. */}
          <span className="max-w-40 truncate text-xs font-normal text-zinc-600 sm:hidden">
            {c.row.original.expand?.user?.email}
          </span>
        </span>
      ),
    }),
    col.accessor('amountCents', {
      header: 'Amount',
      sortDescFirst: true,
      meta: { align: 'right' },
      cell: (c) => (
        <span className="whitespace-nowrap font-semibold tabular-nums">
          {formatMoney(c.getValue(), c.row.original.currency)}
          <span className="block text-xs font-normal text-zinc-500">{c.row.original.provider}</span>
          {c.row.original.status === 'paid' && c.row.original.refundedCents > 0 ? (
            <span className="block text-xs font-normal text-zinc-600">
              {formatMoney(c.row.original.refundedCents, c.row.original.currency)} refunded
            </span>
          ) : null}
          {/* note: on a phone the actions column steps aside; the amount carries its button. */}
          <span className="mt-2 block sm:hidden">
            <RefundButton p={c.row.original} onRefund={onRefund} />
          </span>
        </span>
      ),
    }),
    col.accessor('discountCents', {
      header: 'Discount',
      sortDescFirst: true,
      meta: { align: 'right', hideBelow: 'md' },
      cell: (c) =>
        c.getValue() ? (
          <span className="whitespace-nowrap tabular-nums">
            −{formatMoney(c.getValue(), c.row.original.currency)}
            <span className="block font-mono text-xs text-zinc-500">{c.row.original.couponCode}</span>
          </span>
        ) : (
          '—'
        ),
    }),
    col.accessor((p) => p.package, {
      id: 'bought',
      header: 'Bought',
      enableSorting: false,
      meta: { hideBelow: 'sm' },
      cell: (c) => <Bought p={c.row.original} />,
    }),
    col.accessor((p) => p.expand?.user?.email ?? '', {
      id: 'user.email',
      header: 'Customer',
      enableSorting: false,
      meta: { hideBelow: 'sm' },
      cell: (c) => (
        <span className="block max-w-40 truncate" title={c.getValue()}>
          {c.getValue() || '—'}
        </span>
      ),
    }),
    col.accessor('created', {
      header: 'Date',
      sortDescFirst: true,
      meta: { hideBelow: 'md' },
      cell: (c) => (
        <span className="block min-w-28">
          {formatDateTime(c.getValue())}
          {c.row.original.refundedAt ? (
            <span className="block text-xs text-zinc-500">
              refunded {formatDateTime(c.row.original.refundedAt)}
            </span>
          ) : null}
        </span>
      ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      meta: { align: 'right', hideBelow: 'sm' },
      cell: (c) => <RefundButton p={c.row.original} onRefund={onRefund} />,
    }),
  ];
}

/** /admin/payments: every payment, filtered and sorted on the server; refunds and the CSV export. */
export function PaymentsPage() {
  useTitle('Payments · Back office');
  const { search, set, clear, tableNav } = useListSearch(
    '/admin/payments',
    readPaymentsSearch,
    paymentsRawSearch,
  );

  const payments = adminLists.payments(search);
  const { table } = useListPage(payments);
  const owed = useQuery(owedRefundsQuery);

  const client = useQueryClient();
  const toast = useToast();
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const columns = useMemo(() => paymentColumns(setRefunding), []);

  const filtered = !!(
    search.q ||
    search.status ||
    search.provider ||
    search.kind ||
    search.from ||
    search.to ||
    search.owed
  );
  const owedCount = owed.data?.totalItems ?? 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadPaymentsCsv({ filter: payments.state.filter, sort: payments.state.sort });
    } catch (err) {
      toast.error('The export failed.', errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Payments"
        description="Every checkout, newest first. The export holds the rows the filters select."
        actions={
          <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      {owedCount > 0 && !search.owed ? (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <p>
            <strong>{owedCount === 1 ? '1 refund is owed' : `${owedCount} refunds are owed`}</strong>:
            charged, then failed on our side, and the provider did not take the refund yet.
          </p>
          <Button size="sm" variant="danger" onClick={() => set({ owed: true, status: '' })}>
            Show owed refunds
          </Button>
        </div>
      ) : null}
      <DataTable
        label="Payments"
        columns={columns}
        {...table}
        {...tableNav}
        empty={
          filtered
            ? 'No payment matches these filters.'
            : 'No payments yet. They appear here when customers check out.'
        }
        toolbar={
          <ListToolbar
            state={search}
            set={set}
            search={{ label: 'Search payments', placeholder: 'Customer email or payment id' }}
            filters={[
              { key: 'status', label: 'Status', options: STATUS_OPTIONS },
              { key: 'provider', label: 'Provider', options: PROVIDER_OPTIONS },
              { key: 'kind', label: 'Bought', options: KIND_OPTIONS },
            ]}
            dateRange={{}}
            checks={[{ key: 'owed', label: 'Refunds owed only' }]}
            filtered={filtered}
            onClear={clear}
          />
        }
      />
      <RefundDialog
        payment={refunding}
        customer={refunding?.expand?.user?.email ?? 'the customer'}
        onClose={() => setRefunding(null)}
        onDone={() => client.invalidateQueries({ queryKey: listKeys.payments })}
      />
    </div>
  );
}

import type { CouponsRecord } from '@photoshoot/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTitle } from '../../../lib/use-title';
import { formatMoney } from '../../../shared/money';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table';
import { dataTableColumns } from '../../../ui/data-table-columns';
import { PageHeader } from '../../../ui/page-header';
import { useToast } from '../../../ui/use-toast';
import { formatDateTime } from '../components/format';
import { adminLists, listKeys } from '../data/list-queries';
import { deactivateCoupon } from '../data/list-writes';
import { packagesQuery } from '../data/option-queries';
import { ListToolbar } from '../components/list-toolbar';
import { CouponFormDialog } from './coupon-form';
import { COUPON_STATE_OPTIONS, COUPON_STATES, couponState } from './coupon-state';
import { couponsRawSearch, readCouponsSearch } from './coupons-search';
import { useListSearch } from '../data/use-list-search';
import { useListPage } from '../data/use-list-page';

type Coupon = CouponsRecord;
const col = dataTableColumns<Coupon>();

function discountText(c: Coupon): string {
  if (c.percentOff > 0) return `${c.percentOff}% off`;
  if (c.amountOffCents > 0) return `${formatMoney(c.amountOffCents, c.currency || 'usd')} off`;
  return 'No discount';
}

function couponColumns(
  packageName: (id: string) => string,
  edit: (c: Coupon) => void,
  deactivate: (c: Coupon) => void,
) {
  return [
    col.accessor('code', {
      header: 'Code',
      cell: (c) => (
        <span className="block">
          <span className="font-mono">{c.getValue()}</span>
          <span className="block text-xs font-normal text-zinc-600">{discountText(c.row.original)}</span>
          <span className="mt-1 block sm:hidden">
            <CouponStateBadge c={c.row.original} />
          </span>
        </span>
      ),
    }),
    col.display({
      id: 'state',
      header: 'State',
      meta: { hideBelow: 'sm' },
      cell: (c) => <CouponStateBadge c={c.row.original} />,
    }),
    col.accessor('redemptions', {
      header: 'Used',
      sortDescFirst: true,
      meta: { align: 'right' },
      cell: (c) => {
        const max = c.row.original.maxRedemptions;
        return (
          <span className="whitespace-nowrap tabular-nums" title={max ? undefined : 'No cap'}>
            {c.getValue()} / {max || '∞'}
          </span>
        );
      },
    }),
    col.accessor('expiresAt', {
      header: 'Expires',
      meta: { hideBelow: 'md' },
      cell: (c) =>
        c.getValue() ? <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span> : 'Never',
    }),
    col.accessor((c) => c.packages.join(','), {
      id: 'packages',
      header: 'Applies to',
      enableSorting: false,
      meta: { hideBelow: 'lg' },
      cell: (c) => {
        const coupon = c.row.original;
        const who =
          coupon.appliesTo === 'any' ? '' : coupon.appliesTo === 'team' ? 'Teams: ' : 'Individuals: ';
        const what = coupon.packages.length ? coupon.packages.map(packageName).join(', ') : 'every package';
        return <span className="block max-w-56 truncate">{who + what}</span>;
      },
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      meta: { align: 'right' },
      cell: (c) => (
        <span className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Edit ${c.row.original.code}`}
            onClick={() => edit(c.row.original)}
          >
            Edit
          </Button>
          {c.row.original.active ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Deactivate ${c.row.original.code}`}
              onClick={() => deactivate(c.row.original)}
            >
              Deactivate
            </Button>
          ) : null}
        </span>
      ),
    }),
  ];
}

function CouponStateBadge({ c }: { c: Coupon }) {
  const view = COUPON_STATES[couponState(c)];
  return <Badge tone={view.tone}>{view.label}</Badge>;
}

/** /admin/coupons: every discount code with its uses against the cap, expiry and state; create, edit, deactivate. */
export function CouponsPage() {
  useTitle('Coupons · Back office');
  const { search, set, clear, tableNav } = useListSearch(
    '/admin/coupons',
    readCouponsSearch,
    couponsRawSearch,
  );

  // note: kept live; the server announces each counted use as a coupon update, so this covers
  // redemptions too.
  const { table } = useListPage(adminLists.coupons(search));
  const packages = useQuery(packagesQuery);

  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Coupon | null>(null);
  const names = useMemo(() => new Map((packages.data ?? []).map((p) => [p.id, p.name])), [packages.data]);
  const columns = useMemo(
    () => couponColumns((id) => names.get(id) ?? id, setEditing, setDeactivating),
    [names],
  );
  const filtered = !!(search.q || search.state);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Coupons"
        description="Discount codes customers type at checkout. A use counts when the payment goes through."
        actions={<Button onClick={() => setEditing('new')}>New coupon</Button>}
      />
      <DataTable
        label="Coupons"
        columns={columns}
        {...table}
        {...tableNav}
        empty={
          filtered ? 'No coupon matches these filters.' : 'No coupons yet. Create one to offer a discount.'
        }
        toolbar={
          <ListToolbar
            state={search}
            set={set}
            search={{ label: 'Search coupons', placeholder: 'Code or note' }}
            filters={[{ key: 'state', label: 'State', options: COUPON_STATE_OPTIONS }]}
            filtered={filtered}
            onClear={clear}
          />
        }
      />
      <CouponFormDialog
        open={editing !== null}
        coupon={editing === 'new' ? null : editing}
        packages={packages.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          void client.invalidateQueries({ queryKey: listKeys.coupons });
          toast.success(editing === 'new' ? 'Coupon created.' : 'Coupon saved.', saved.code);
        }}
      />
      <ConfirmDialog
        open={!!deactivating}
        onOpenChange={(open) => (open ? undefined : setDeactivating(null))}
        destructive
        title={deactivating ? `Deactivate ${deactivating.code}?` : ''}
        description="Customers can no longer use the code; payments already made with it keep their discount. You can activate it again by editing it."
        confirmLabel="Deactivate"
        onConfirm={async () => {
          if (!deactivating) return;
          await deactivateCoupon(deactivating.id);
          await client.invalidateQueries({ queryKey: listKeys.coupons });
          toast.success('Coupon deactivated.', deactivating.code);
        }}
      />
    </div>
  );
}

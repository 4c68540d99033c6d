import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTitle } from '../../../lib/use-title';
import { formatMoney } from '../../../shared/money';
import { DataTable } from '../../../ui/data-table';
import { dataTableColumns } from '../../../ui/data-table-columns';
import { PageHeader } from '../../../ui/page-header';
import { ListToolbar } from '../components/list-toolbar';
import { formatDateTime } from '../components/format';
import { PHOTOSHOOT_STATUS_OPTIONS, PhotoshootStatusBadge } from '../components/status-badge';
import type { AdminPhotoshoot } from '../data/admin-types';
import { adminLists } from '../data/list-queries';
import { packageNamesQuery, teamNamesQuery } from '../data/option-queries';
import { photoshootsRawSearch, readPhotoshootsSearch } from './photoshoots-search';
import { useListSearch } from '../data/use-list-search';
import { useListPage } from '../data/use-list-page';

const col = dataTableColumns<AdminPhotoshoot>();

const columns = [
  col.accessor('title', {
    header: 'Photoshoot',
    cell: (c) => (
      <span className="block max-w-56 truncate">
        {c.row.original.title || 'Untitled'}
        <span className="block text-xs font-normal text-zinc-500">{c.row.original.id}</span>
        {/* note: on a phone the customer and status columns step aside; the first cell carries them. */}
        <span className="mt-1 block truncate text-xs font-normal text-zinc-600 sm:hidden">
          {c.row.original.expand?.user?.email}
        </span>
        <span className="mt-1 block sm:hidden">
          <PhotoshootStatusBadge status={c.row.original.status} />
        </span>
      </span>
    ),
  }),
  col.accessor((p) => p.expand?.user?.email ?? '', {
    id: 'user.email',
    header: 'Customer',
    enableSorting: false,
    meta: { hideBelow: 'sm' },
    cell: (c) => (
      <span className="block max-w-56 truncate">
        {c.row.original.expand?.user?.name || '—'}
        <span className="block text-xs text-zinc-500">{c.getValue()}</span>
      </span>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    meta: { hideBelow: 'sm' },
    cell: (c) => <PhotoshootStatusBadge status={c.getValue()} />,
  }),
  col.accessor((p) => p.expand?.package?.name ?? '', {
    id: 'package.name',
    header: 'Package',
    enableSorting: false,
    meta: { hideBelow: 'md' },
  }),
  col.accessor((p) => p.expand?.team?.name ?? '', {
    id: 'team.name',
    header: 'Team',
    enableSorting: false,
    meta: { hideBelow: 'lg' },
    cell: (c) => c.getValue() || '—',
  }),
  col.accessor('created', {
    header: 'Created',
    sortDescFirst: true,
    meta: { hideBelow: 'sm' },
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor('completedAt', {
    header: 'Done',
    sortDescFirst: true,
    meta: { hideBelow: 'lg' },
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor('amountDueCents', {
    header: 'Amount',
    meta: { align: 'right' },
    cell: (c) => (c.row.original.currency ? formatMoney(c.getValue(), c.row.original.currency) : '—'),
  }),
];

/** /admin/photoshoots: every photoshoot, filtered and sorted on the server, its state in the URL. */
export function PhotoshootsPage() {
  useTitle('Photoshoots · Back office');
  const { search, set, clear, tableNav } = useListSearch(
    '/admin/photoshoots',
    readPhotoshootsSearch,
    photoshootsRawSearch,
  );

  const { table } = useListPage(adminLists.photoshoots(search));

  const packages = useQuery(packageNamesQuery);
  const teams = useQuery(teamNamesQuery);

  const filtered = !!(
    search.q ||
    search.status ||
    search.package ||
    search.team ||
    search.from ||
    search.to ||
    search.stuck
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Photoshoots"
        description="Every order, newest first. Filters stay in the address, so a link shows the same list."
      />
      <DataTable
        label="Photoshoots"
        columns={columns}
        {...table}
        {...tableNav}
        rowLink={(row, content) => (
          <Link to="/admin/photoshoots/$id" params={{ id: row.id }}>
            {content}
          </Link>
        )}
        empty={
          filtered
            ? 'No photoshoot matches these filters.'
            : 'No photoshoots yet. They appear here when customers start one.'
        }
        toolbar={
          <ListToolbar
            state={search}
            set={set}
            search={{ label: 'Search customers', placeholder: 'Email or name' }}
            filters={[
              { key: 'status', label: 'Status', options: PHOTOSHOOT_STATUS_OPTIONS, also: { stuck: false } },
              {
                key: 'package',
                label: 'Package',
                options: (packages.data ?? []).map((p) => ({ value: p.id, label: p.name })),
              },
              {
                key: 'team',
                label: 'Team',
                options: [
                  { value: 'none', label: 'Individual' },
                  { value: 'any', label: 'Any team' },
                  ...(teams.data?.items ?? []).map((t) => ({ value: t.id, label: t.name })),
                ],
              },
            ]}
            dateRange={{ label: 'Created' }}
            note={search.stuck ? 'Only stuck (lease expired)' : null}
            filtered={filtered}
            onClear={clear}
          />
        }
      />
    </div>
  );
}

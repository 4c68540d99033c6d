import type { AdminUserSummary } from '@photoshoot/contract';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTitle } from '../../../lib/use-title';
import { DataTable } from '../../../ui/data-table';
import { dataTableColumns } from '../../../ui/data-table-columns';
import { PageHeader } from '../../../ui/page-header';
import { formatDateTime, formatDay } from '../components/format';
import { adminLists } from '../data/list-queries';
import type { AdminUser } from '../data/admin-types';
import { ListToolbar } from '../components/list-toolbar';
import { SignInMethods, VerifiedBadge } from './sign-in-methods';
import { useUserSummaries } from './data/use-user-summaries';
import { readUsersSearch, usersRawSearch } from './users-search';
import { useListSearch } from '../data/use-list-search';
import { useListPage } from '../data/use-list-page';

const col = dataTableColumns<AdminUser>();

const VERIFIED_OPTIONS = [
  { value: 'yes', label: 'Verified' },
  { value: 'no', label: 'Unverified' },
];

const countLabel = (n: number | undefined) => (n === undefined ? '' : `${n} photoshoot${n === 1 ? '' : 's'}`);

function userColumns(summaries: Map<string, AdminUserSummary> | undefined) {
  const summary = (id: string) => summaries?.get(id);
  return [
    col.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: (c) => (
        <span className="block max-w-56 truncate">
          {c.getValue() || '—'}
          {/* note: on a phone the email and verification columns step aside; the first cell carries them. */}
          <span className="block truncate text-xs font-normal text-zinc-600 sm:hidden">
            {c.row.original.email}
          </span>
          <span className="mt-1 flex items-center gap-2 text-xs font-normal text-zinc-600 sm:hidden">
            <VerifiedBadge verified={c.row.original.verified} />
            {countLabel(summary(c.row.original.id)?.photoshoots)}
          </span>
        </span>
      ),
    }),
    col.accessor('email', {
      header: 'Email',
      meta: { hideBelow: 'sm' },
      cell: (c) => <span className="block max-w-56 truncate">{c.getValue()}</span>,
    }),
    col.accessor('verified', {
      header: 'Verified',
      enableSorting: false,
      meta: { hideBelow: 'sm' },
      cell: (c) => <VerifiedBadge verified={c.getValue()} />,
    }),
    col.display({
      id: 'signIn',
      header: 'Sign-in',
      meta: { hideBelow: 'lg' },
      cell: (c) => <SignInMethods methods={summary(c.row.original.id)?.signIn} />,
    }),
    col.display({
      id: 'photoshoots',
      header: 'Photoshoots',
      meta: { align: 'right', hideBelow: 'sm' },
      cell: (c) => {
        const s = summary(c.row.original.id);
        return (
          <span className="whitespace-nowrap tabular-nums">
            {s ? s.photoshoots : '…'}
            <span className="hidden text-xs text-zinc-500 md:block">
              {s ? `active ${formatDateTime(s.lastActivity)}` : ''}
            </span>
          </span>
        );
      },
    }),
    col.accessor('created', {
      header: 'Created',
      sortDescFirst: true,
      meta: { hideBelow: 'md' },
      cell: (c) => <span className="whitespace-nowrap">{formatDay(c.getValue())}</span>,
    }),
  ];
}

/** /admin/users: customers, searched and sorted on the server, 30 a page, the state in the URL. */
export function UsersPage() {
  useTitle('Users · Back office');
  const { search, set, clear, tableNav } = useListSearch('/admin/users', readUsersSearch, usersRawSearch);

  const { list, table } = useListPage(adminLists.users(search));
  const ids = useMemo(() => (list.data?.items ?? []).map((u) => u.id), [list.data]);
  const summaries = useUserSummaries(ids);
  const columns = useMemo(() => userColumns(summaries.data), [summaries.data]);
  const filtered = !!(search.q || search.verified);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Users"
        description="Customer accounts, newest first. Open one to see their photoshoots, payments and teams."
      />
      <DataTable
        label="Users"
        columns={columns}
        {...table}
        {...tableNav}
        rowLink={(row, content) => (
          <Link to="/admin/users/$id" params={{ id: row.id }}>
            {content}
          </Link>
        )}
        empty={
          filtered
            ? 'No user matches these filters.'
            : 'No users yet. They appear here when customers register.'
        }
        toolbar={
          <ListToolbar
            state={search}
            set={set}
            search={{ label: 'Search users', placeholder: 'Email or name' }}
            filters={[{ key: 'verified', label: 'Email', options: VERIFIED_OPTIONS }]}
            filtered={filtered}
            onClear={clear}
          />
        }
      />
    </div>
  );
}

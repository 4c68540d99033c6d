import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTitle } from '../../../lib/use-title';
import { DataTable } from '../../../ui/data-table';
import { dataTableColumns } from '../../../ui/data-table-columns';
import { PageHeader } from '../../../ui/page-header';
import { AdminImage } from '../components/admin-image';
import { formatDateTime, formatLikeness } from '../components/format';
import { ReviewBadge } from '../components/status-badge';
import { adminLists } from '../data/list-queries';
import { settingsQuery, styleNamesQuery } from '../data/option-queries';
import type { AdminResult } from '../data/admin-types';
import { ListToolbar } from '../components/list-toolbar';
import { likenessThreshold, readResultsSearch, resultsRawSearch } from './results-search';
import { useListPage } from '../data/use-list-page';
import { useListSearch } from '../data/use-list-search';

const col = dataTableColumns<AdminResult>();
const RESULTS_SETTINGS_STALE_MS = 5 * 60_000;

const REVIEW_OPTIONS = [
  { value: 'pending', label: 'To review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function columns(threshold: number) {
  return [
    col.display({
      id: 'preview',
      header: 'Result',
      cell: (c) => (
        <span className="flex items-center gap-3">
          <AdminImage
            record={c.row.original}
            filename={c.row.original.file}
            thumb="160x200"
            alt=""
            ratio={4 / 5}
            className="w-12 shrink-0 rounded-md"
          />
          <span>
            {c.row.original.expand?.style?.name ?? 'Style'} {c.row.original.variant + 1}
            <span className="block max-w-48 truncate text-xs font-normal text-zinc-500">
              {c.row.original.expand?.photoshoot?.title || c.row.original.photoshoot}
            </span>
            {/* note: on a phone the review and likeness columns step aside; the first cell carries them. */}
            <span className="mt-1 flex items-center gap-2 text-xs font-normal sm:hidden">
              <ReviewBadge review={c.row.original.review} /> {formatLikeness(c.row.original.likeness)}
            </span>
          </span>
        </span>
      ),
    }),
    col.accessor('review', {
      header: 'Review',
      meta: { hideBelow: 'sm' },
      cell: (c) => <ReviewBadge review={c.getValue()} />,
    }),
    col.accessor('likeness', {
      header: 'Likeness',
      meta: { align: 'right', hideBelow: 'sm' },
      cell: (c) => (
        <span
          className={c.getValue() > 0 && c.getValue() < threshold ? 'font-semibold text-red-700' : undefined}
        >
          {formatLikeness(c.getValue())}
        </span>
      ),
    }),
    col.accessor('released', {
      header: 'Delivered',
      enableSorting: false,
      meta: { hideBelow: 'md' },
      cell: (c) => (c.getValue() ? 'Yes' : 'No'),
    }),
    col.accessor('created', {
      header: 'Made',
      sortDescFirst: true,
      meta: { hideBelow: 'sm' },
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
  ];
}

/** /admin/results: results across photoshoots, each leading to its photoshoot's review. */
export function ResultsPage() {
  useTitle('Results · Back office');
  const { search, set, clear, tableNav } = useListSearch(
    '/admin/results',
    readResultsSearch,
    resultsRawSearch,
  );

  const settings = useQuery({ ...settingsQuery, staleTime: RESULTS_SETTINGS_STALE_MS });
  const threshold = likenessThreshold(settings.data);
  const styles = useQuery(styleNamesQuery);

  // note: "under the threshold" means nothing until the threshold is known.
  const { table } = useListPage(adminLists.results(search, threshold), {
    enabled: !search.below || settings.isSuccess,
  });
  const cols = useMemo(() => columns(threshold), [threshold]);
  const filtered = !!(search.review || search.style || search.below);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Results"
        description="Generated portraits across photoshoots. Open one to review its photoshoot."
      />
      <DataTable
        label="Results"
        columns={cols}
        {...table}
        {...tableNav}
        rowLink={(row, content) => (
          <Link
            to="/admin/photoshoots/$id/review"
            params={{ id: row.photoshoot }}
            aria-label={`Review ${row.expand?.style?.name ?? 'result'} ${row.variant + 1}`}
          >
            {content}
          </Link>
        )}
        empty={filtered ? 'No result matches these filters.' : 'No results yet.'}
        toolbar={
          <ListToolbar
            state={search}
            set={set}
            filters={[
              { key: 'review', label: 'Review', options: REVIEW_OPTIONS },
              {
                key: 'style',
                label: 'Style',
                options: (styles.data ?? []).map((s) => ({ value: s.id, label: s.name })),
              },
            ]}
            checks={[{ key: 'below', label: `Likeness under ${Math.round(threshold * 100)}%` }]}
            filtered={filtered}
            onClear={clear}
          />
        }
      />
    </div>
  );
}

import { useTable, type Header, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { cx } from './cx';
import { dataTableFeatures, type DataTableColumn, type DataTableColumnMeta } from './data-table-columns';
import { LoadFailed } from './load-failed';
import { fromSortString, toSortString, type ListPage, type ListState } from './list-state';
import { Pagination } from './pagination';

const HIDE_BELOW: Record<NonNullable<DataTableColumnMeta['hideBelow']>, string> = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
};

function metaClasses(meta: DataTableColumnMeta | undefined): string {
  return cx(meta?.hideBelow && HIDE_BELOW[meta.hideBelow], meta?.align === 'right' && 'text-right');
}

const SKELETON_ROWS = 5;

export type DataTableProps<T extends { id: string }> = {
  /** The table's accessible name (also its scroll region's). */
  label: string;
  columns: Array<DataTableColumn<T>>;
  /** What was asked for: the page shown in the pager and the sort shown in the headers. */
  state: Pick<ListState, 'page' | 'perPage' | 'sort'>;
  /** The last list envelope received; kept on screen (dimmed) while the next one loads. */
  result: ListPage<T> | undefined;
  onSortChange: (sort: string) => void;
  onPageChange: (page: number) => void;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /**
   * Makes each row a link: wrap `content` (the first cell's) in your router's link. The whole row
   * is clickable, the link is what keyboards and screen readers reach.
   */
  rowLink?: (row: T, content: ReactNode) => ReactNode;
  /** Shown when the list is empty: say why and what fills it. */
  empty?: ReactNode;
  /** Search and filter controls above the table. */
  toolbar?: ReactNode;
  className?: string;
};

/**
 * A server-sorted, server-paginated table over PocketBase's list envelope (TanStack Table for the
 * header and sort model). On a phone the table scrolls sideways inside its card and columns with
 * `meta.hideBelow` step aside.
 */
export function DataTable<T extends { id: string }>({
  label,
  columns,
  state,
  result,
  onSortChange,
  onPageChange,
  loading = false,
  error,
  onRetry,
  rowLink,
  empty = 'Nothing here yet.',
  toolbar,
  className,
}: DataTableProps<T>) {
  const sorting = useMemo(() => fromSortString(state.sort), [state.sort]);
  const items: T[] = result?.items ?? NO_ROWS;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: items,
    getRowId: (row) => row.id,
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) =>
      onSortChange(toSortString(typeof updater === 'function' ? updater(sorting) : updater)),
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  const firstLoad = loading && !result;
  const failed = error !== undefined && error !== null;

  return (
    <div className={cx('rounded-2xl border border-zinc-200 bg-white shadow-sm', className)}>
      {toolbar ? (
        <div className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-4 py-3">{toolbar}</div>
      ) : null}
      {failed ? (
        <div className="p-4">
          <LoadFailed title="The list could not be loaded." error={error} onRetry={onRetry} />
        </div>
      ) : null}
      {failed && !result ? null : (
        <div
          role="region"
          aria-label={label}
          // note: focusable so a keyboard can scroll it sideways on a phone.
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-offset-[-2px]"
        >
          <table className="w-full border-collapse text-left text-sm" aria-busy={loading || undefined}>
            <caption className="sr-only">{label}</caption>
            <thead className="bg-zinc-50 text-xs font-semibold uppercase tracking-wide text-zinc-600">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <HeaderCell
                      key={header.id}
                      header={header}
                      render={<table.FlexRender header={header} />}
                    />
                  ))}
                </tr>
              ))}
            </thead>
            <tbody className={cx('divide-y divide-zinc-100', loading && result && 'opacity-60')}>
              {firstLoad
                ? Array.from({ length: Math.min(state.perPage, SKELETON_ROWS) }, (_, i) => (
                    <tr key={i} data-testid="skeleton-row">
                      {table.getAllLeafColumns().map((column) => (
                        <td key={column.id} className={cx('px-4 py-3.5', metaClasses(column.columnDef.meta))}>
                          <span className="block h-4 w-3/4 animate-pulse rounded bg-zinc-200" />
                        </td>
                      ))}
                    </tr>
                  ))
                : null}
              {!loading && !failed && result && rows.length === 0 ? (
                <tr>
                  <td colSpan={columnCount} className="px-4 py-12 text-center text-zinc-600">
                    {empty}
                  </td>
                </tr>
              ) : null}
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className={cx(
                    rowLink && 'relative cursor-pointer hover:bg-zinc-50 focus-within:bg-zinc-50',
                  )}
                >
                  {row.getAllCells().map((cell, index) => {
                    const content = <table.FlexRender cell={cell} />;
                    return (
                      <td
                        key={cell.id}
                        className={cx(
                          'px-4 py-3 text-zinc-800',
                          index === 0 && 'font-medium text-zinc-900',
                          metaClasses(cell.column.columnDef.meta),
                        )}
                      >
                        {rowLink && index === 0
                          ? rowLink(
                              row.original,
                              // note: the span's ::after covers the row (the tr is positioned), so a click anywhere follows the link.
                              <span className="after:absolute after:inset-0 after:content-['']">
                                {content}
                              </span>,
                            )
                          : content}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {firstLoad ? (
            <p role="status" className="sr-only">
              Loading…
            </p>
          ) : null}
        </div>
      )}
      {result && result.totalPages > 1 ? (
        <Pagination
          className="border-t border-zinc-200 px-4 py-3"
          page={state.page}
          totalPages={result.totalPages}
          totalItems={result.totalItems}
          perPage={result.perPage}
          onPageChange={onPageChange}
          disabled={loading}
          label={`${label} pages`}
        />
      ) : null}
    </div>
  );
}

const NO_ROWS: never[] = [];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell<T extends RowData>({
  header,
  render,
}: {
  header: Header<typeof dataTableFeatures, T, unknown>;
  render: ReactNode;
}) {
  const column = header.column;
  const meta = column.columnDef.meta;
  const className = cx('px-4 py-3 font-semibold whitespace-nowrap', metaClasses(meta));
  if (header.isPlaceholder) return <th scope="col" className={className} />;
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={className}>
        {render}
      </th>
    );
  }
  const direction = column.getIsSorted();
  // note: aria-sort belongs on one header at a time: the primary sort.
  const primary = direction && column.getSortIndex() === 0;
  return (
    <th scope="col" className={className} aria-sort={primary ? ARIA_SORT[direction] : undefined}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className={cx(
          '-mx-2 inline-flex items-center gap-1 rounded-lg px-2 py-1 uppercase tracking-wide hover:bg-zinc-200/60 hover:text-zinc-900',
          direction && 'text-zinc-900',
          meta?.align === 'right' && 'flex-row-reverse',
        )}
      >
        {render}
        <SortIcon direction={direction} />
      </button>
    </th>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg viewBox="0 0 12 12" className={cx('size-3', !direction && 'text-zinc-400')} aria-hidden="true">
      <path
        d="M3 4.5 6 1.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === 'desc' ? 0.3 : 1}
      />
      <path
        d="M3 7.5 6 10.5l3-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === 'asc' ? 0.3 : 1}
      />
    </svg>
  );
}

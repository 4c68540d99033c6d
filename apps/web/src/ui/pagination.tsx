import { buttonClasses } from './button';
import { cx } from './cx';
import { pageWindow } from './page-window';

const numberFormat = new Intl.NumberFormat('en');

/**
 * A pager for a server-paginated list: "31–60 of 312", previous/next and the page numbers around
 * the current one (previous/next only on a phone). Pages are 1-based like PocketBase's.
 */
export function Pagination({
  page,
  totalPages,
  totalItems,
  perPage,
  onPageChange,
  disabled = false,
  label = 'Pagination',
  className,
}: {
  page: number;
  totalPages: number;
  /** With `perPage`, shows which items the page holds. */
  totalItems?: number;
  perPage?: number;
  onPageChange: (page: number) => void;
  /** While the next page loads: the buttons wait, the numbers stay readable. */
  disabled?: boolean;
  label?: string;
  className?: string;
}) {
  const pages = Math.max(totalPages, 1);
  const current = Math.min(Math.max(page, 1), pages);
  const go = (p: number) => {
    if (!disabled && p !== current && p >= 1 && p <= pages) onPageChange(p);
  };
  const range =
    totalItems !== undefined && perPage
      ? totalItems === 0
        ? 'No items'
        : `${numberFormat.format((current - 1) * perPage + 1)}–${numberFormat.format(
            Math.min(current * perPage, totalItems),
          )} of ${numberFormat.format(totalItems)}`
      : null;

  return (
    <nav aria-label={label} className={cx('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-zinc-600" aria-live="polite">
        {range ?? `Page ${current} of ${pages}`}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={buttonClasses('secondary', 'sm')}
          onClick={() => go(current - 1)}
          disabled={disabled || current <= 1}
        >
          <span aria-hidden="true">‹</span> Previous
        </button>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageWindow(current, pages).map((p, i) =>
            p === 'gap' ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-sm text-zinc-500">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  className={cx(
                    buttonClasses(p === current ? 'primary' : 'ghost', 'sm'),
                    'min-w-9 px-2 tabular-nums',
                  )}
                  aria-label={`Page ${p}`}
                  aria-current={p === current ? 'page' : undefined}
                  onClick={() => go(p)}
                  disabled={disabled && p !== current}
                >
                  {p}
                </button>
              </li>
            ),
          )}
        </ul>
        <span className="px-2 text-sm tabular-nums text-zinc-700 sm:hidden">
          {current} / {pages}
        </span>
        <button
          type="button"
          className={buttonClasses('secondary', 'sm')}
          onClick={() => go(current + 1)}
          disabled={disabled || current >= pages}
        >
          Next <span aria-hidden="true">›</span>
        </button>
      </div>
    </nav>
  );
}

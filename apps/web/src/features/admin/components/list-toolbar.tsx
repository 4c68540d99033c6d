import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useSearchText } from '../data/use-search-text';
import { FilterSelect } from './filter-select';

type Option = { value: string; label: string };

export type ListToolbarProps = {
  /** The search box: its label and hint, the search the URL holds, and where a settled search goes. */
  search?: { label: string; placeholder: string; value: string; onChange: (q: string) => void };
  /** "All" plus the options, each; the options come from the page (fixed, or read from the server). */
  filters?: ReadonlyArray<{
    label: string;
    value: string;
    options: ReadonlyArray<Option>;
    onChange: (value: string) => void;
  }>;
  /** A day range, `YYYY-MM-DD` both; `label` names what it bounds ("Created" gives "Created from"). */
  dateRange?: {
    label?: string;
    from: string;
    to: string;
    onChange: (patch: { from: string } | { to: string }) => void;
  };
  /** Yes/no filters, shown as check boxes. */
  checks?: ReadonlyArray<{ label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }>;
  /** What else narrows the list, said in words (a filter only a link can set). */
  note?: ReactNode;
  /** Whether any filter is set: then "Clear filters" shows, and clears them all. */
  filtered: boolean;
  onClear: () => void;
};

/**
 * The back-office lists' toolbar: search, filters, a day range and check boxes, in that order,
 * each only when the page has it, and a way to clear them all. The page keeps the state (in the
 * URL); the toolbar only shows it and reports changes.
 */
export function ListToolbar({
  search,
  filters,
  dateRange,
  checks,
  note,
  filtered,
  onClear,
}: ListToolbarProps) {
  // note: the typed text is held here so that clearing also empties the box; with no search box
  // it stays '' and never commits.
  const [q, setQ] = useSearchText(search?.value ?? '', (text) => search?.onChange(text));
  const dayLabel = (bound: 'from' | 'to') =>
    dateRange?.label ? `${dateRange.label} ${bound}` : bound === 'from' ? 'From' : 'To';
  return (
    <>
      {search ? (
        <div className="w-full sm:w-64">
          <TextField
            label={search.label}
            type="search"
            placeholder={search.placeholder}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
      ) : null}
      {filters?.map((f) => (
        <FilterSelect key={f.label} {...f} />
      ))}
      {dateRange
        ? (['from', 'to'] as const).map((bound) => (
            <div key={bound} className="w-[calc(50%-0.375rem)] sm:w-40">
              <TextField
                label={dayLabel(bound)}
                type="date"
                value={dateRange[bound]}
                onChange={(e) =>
                  dateRange.onChange(bound === 'from' ? { from: e.target.value } : { to: e.target.value })
                }
              />
            </div>
          ))
        : null}
      {checks?.map((c, i) => (
        <label key={i} className="flex h-11 items-center gap-2 self-end text-sm font-medium text-zinc-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={c.checked}
            onChange={(e) => c.onChange(e.target.checked)}
          />
          {c.label}
        </label>
      ))}
      {note ? (
        <p className="self-center rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{note}</p>
      ) : null}
      {filtered ? (
        <Button
          variant="ghost"
          onClick={() => {
            setQ('');
            onClear();
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}

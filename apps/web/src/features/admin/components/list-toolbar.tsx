import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useSearchText } from '../data/use-search-text';
import { FilterSelect } from './filter-select';

type Option = { value: string; label: string };

/** A list's URL state: text, number and yes/no values by name. */
type ListSearch = Record<string, string | number | boolean>;

export type ListToolbarProps<S extends ListSearch> = {
  /** The list's state as the URL holds it, and how to change a part of it. */
  state: S;
  set: (patch: Partial<S>) => void;
  /** The search box over the `q` value: its label and hint. */
  search?: { label: string; placeholder: string };
  /**
   * "All" plus the options, each over one value of the state; the options come from the page
   * (fixed, or read from the server). `also` is set with it (a choice that undoes another filter).
   */
  filters?: ReadonlyArray<{
    key: keyof S & string;
    label: string;
    options: ReadonlyArray<Option>;
    also?: Partial<S>;
  }>;
  /** A day range over the `from` and `to` values; `label` names what it bounds ("Created from"). */
  dateRange?: { label?: string };
  /** Yes/no filters, shown as check boxes. */
  checks?: ReadonlyArray<{ key: keyof S & string; label: ReactNode }>;
  /** What else narrows the list, said in words (a filter only a link can set). */
  note?: ReactNode;
  /** Whether any filter is set: then "Clear filters" shows, and clears them all. */
  filtered: boolean;
  onClear: () => void;
};

/**
 * The back-office lists' toolbar: search, filters, a day range and check boxes, in that order,
 * each only when the page has it, and a way to clear them all. The page keeps the state (in the
 * URL); the toolbar shows it and writes changes back through `set`.
 */
export function ListToolbar<S extends ListSearch>({
  state,
  set,
  search,
  filters,
  dateRange,
  checks,
  note,
  filtered,
  onClear,
}: ListToolbarProps<S>) {
  const text = (key: string) => String(state[key] ?? '');
  const setValue = (key: string, value: string | boolean, also?: Partial<S>) =>
    set({ [key]: value, ...also } as Partial<S>);
  // note: the typed text is held here so that clearing also empties the box; with no search box
  // it stays '' and never commits.
  const [q, setQ] = useSearchText(search ? text('q') : '', (typed) => setValue('q', typed));
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
        <FilterSelect
          key={f.key}
          label={f.label}
          value={text(f.key)}
          options={f.options}
          onChange={(value) => setValue(f.key, value, f.also)}
        />
      ))}
      {dateRange
        ? (['from', 'to'] as const).map((bound) => (
            <div key={bound} className="w-[calc(50%-0.375rem)] sm:w-40">
              <TextField
                label={dayLabel(bound)}
                type="date"
                value={text(bound)}
                onChange={(e) => setValue(bound, e.target.value)}
              />
            </div>
          ))
        : null}
      {checks?.map((c) => (
        <label
          key={c.key}
          className="flex h-11 items-center gap-2 self-end text-sm font-medium text-zinc-800"
        >
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={!!state[c.key]}
            onChange={(e) => setValue(c.key, e.target.checked)}
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

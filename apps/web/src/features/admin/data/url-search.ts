/**
 * The list state of a back-office page lives in the URL (so `/admin` can link to a filtered list
 * and a reload or a shared link shows the same rows). Routes keep the query's values as strings
 * (`keepStrings`, tiny, since route files are in the first bundle); each page reads them into its
 * own typed state and writes back only what differs from the defaults.
 */

/** What a route's `validateSearch` keeps: string values (numbers as their text), nothing else. */
export type RawSearch = Record<string, string | undefined>;

/** A 1-based page number from the URL; anything else is page 1. */
export function readPage(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** A `YYYY-MM-DD` day from the URL, or '' when it is not one. */
export function readDay(value: string | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

/** The URL's search object for a state: empty and default values are left out. */
export function toRawSearch<T extends Record<string, string | number | boolean>>(
  state: T,
  defaults: Partial<T>,
): RawSearch {
  const out: RawSearch = {};
  for (const [key, value] of Object.entries(state)) {
    if (value === '' || value === false || value === defaults[key as keyof T]) continue;
    out[key] = value === true ? '1' : String(value);
  }
  return out;
}

/** A PocketBase filter function (`pb.filter`): binds values safely into an expression. */
export type FilterFn = (expr: string, params: Record<string, unknown>) => string;

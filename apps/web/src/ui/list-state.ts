import type { ListResult } from 'pocketbase';

/** PocketBase's list envelope (`{page, perPage, totalItems, totalPages, items}`), as the SDK types it. */
export type ListPage<T> = ListResult<T>;

/** One sorted column: the PocketBase field and its direction. Same shape as TanStack Table's ColumnSort. */
export type ColumnSort = { id: string; desc: boolean };

/** What a server-paginated list asks for: the 1-based page, its size, a PocketBase sort and filter. */
export type ListState = { page: number; perPage: number; sort: string; filter: string };

/** The page size of every back-office list unless a page says otherwise. */
export const DEFAULT_PER_PAGE = 30;

/** `[{id:'created',desc:true},{id:'name',desc:false}]` → `-created,name` (PocketBase's sort syntax). */
export function toSortString(sorting: ReadonlyArray<ColumnSort>): string {
  return sorting.map((s) => (s.desc ? `-${s.id}` : s.id)).join(',');
}

/** `-created,+name` → `[{id:'created',desc:true},{id:'name',desc:false}]`; blanks are skipped. */
export function fromSortString(sort: string): ColumnSort[] {
  return sort
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const sign = part[0];
      if (sign === '-') return { id: part.slice(1), desc: true };
      return { id: sign === '+' ? part.slice(1) : part, desc: false };
    })
    .filter((s) => s.id !== '');
}

/** The SDK's `getList` arguments for a list state: `collection.getList(...listArgs(state))`. */
export function listArgs(
  state: ListState,
): [page: number, perPage: number, options: { sort?: string; filter?: string }] {
  const options: { sort?: string; filter?: string } = {};
  // note: an empty sort or filter is left out so the server's default order applies.
  if (state.sort) options.sort = state.sort;
  if (state.filter) options.filter = state.filter;
  return [state.page, state.perPage, options];
}

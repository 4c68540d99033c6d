import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { RawSearch } from './url-search';

/** The back-office lists whose whole state (page, sort, filters) lives in the URL's search. */
export type ListRoute =
  | '/admin/photoshoots'
  | '/admin/payments'
  | '/admin/results'
  | '/admin/original-photos'
  | '/admin/coupons'
  | '/admin/contact-messages'
  | '/admin/users';

/** Every list shows the newest first unless told otherwise. */
const DEFAULT_SORT = '-created';

/**
 * A list page's state as its URL holds it, read through the page's own reader, and the two ways
 * to change it: `set` a part of it (the address is replaced, not pushed) and `clear` every filter,
 * and the DataTable's sort and page handlers (`tableNav`), which set those.
 */
export function useListSearch<S extends { page: number; sort: string }>(
  from: ListRoute,
  read: (raw: RawSearch) => S,
  write: (search: S) => RawSearch,
) {
  const raw: RawSearch = useSearch({ from });
  const search = useMemo(() => read(raw), [raw]);
  const navigate = useNavigate({ from });
  // note: a new filter or sort starts again at page 1: page 4 of another list means nothing.
  const set = (patch: Partial<S>) =>
    void navigate({ search: write({ ...search, page: 1, ...patch }), replace: true });
  return {
    search,
    set,
    clear: () => void navigate({ search: {}, replace: true }),
    tableNav: {
      onSortChange: (sort: string) => set({ sort: sort || DEFAULT_SORT } as Partial<S>),
      onPageChange: (page: number) => set({ page } as Partial<S>),
    },
  };
}

import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PER_PAGE, listArgs, type ListState } from './list-state';

/**
 * The state of one server-paginated list and the SDK arguments it maps to. A new sort or filter
 * goes back to page 1: page 4 of the old order means nothing in the new one.
 */
export function useListState(initial: Partial<ListState> = {}) {
  const [state, setState] = useState<ListState>({
    page: initial.page ?? 1,
    perPage: initial.perPage ?? DEFAULT_PER_PAGE,
    sort: initial.sort ?? '',
    filter: initial.filter ?? '',
  });
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setSort = useCallback((sort: string) => setState((s) => ({ ...s, sort, page: 1 })), []);
  const setFilter = useCallback(
    (filter: string) => setState((s) => (s.filter === filter ? s : { ...s, filter, page: 1 })),
    [],
  );
  const args = useMemo(() => listArgs(state), [state]);
  return { state, setPage, setSort, setFilter, args };
}

import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ListPage, ListState } from '../../../ui/list-state';
import { useAdminLive } from './use-admin-live';

/** A list as `list-queries.ts` gives it: its state, its query, and the records behind it. */
type AdminList<T> = {
  state: ListState;
  collection: string;
  key: readonly unknown[];
  query: UseQueryOptions<ListPage<T>, Error, ListPage<T>, unknown[]>;
};

/**
 * A page of a back-office list, kept live (any change to its collection re-reads every page of
 * the list), and the DataTable props that show it (state, rows, loading, error, retry).
 */
export function useListPage<T>(list: AdminList<T>, { enabled }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...list.query, enabled });
  useAdminLive(list.collection, undefined, list.key);
  const table = {
    state: list.state,
    result: query.data,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
  return { list: query, table };
}

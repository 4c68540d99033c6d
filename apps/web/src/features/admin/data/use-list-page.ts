import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ListPage } from '../../../ui/list-state';

/**
 * A page of a back-office list (`list-queries.ts`) and the DataTable props that show it (rows,
 * loading, error, retry).
 */
export function useListPage<T>(query: UseQueryOptions<ListPage<T>, Error, ListPage<T>, unknown[]>) {
  const list = useQuery(query);
  const table = {
    result: list.data,
    loading: list.isFetching,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
  return { list, table };
}

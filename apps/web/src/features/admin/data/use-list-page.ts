import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listArgs, type ListPage, type ListState } from '../../../ui/list-state';
import { adminPb } from '../admin-client';

type CollectionName = Parameters<typeof adminPb.collection>[0];

/**
 * One page of a back-office list as the URL's list state asks for it, kept on screen while the
 * next one loads, and the DataTable props that show it (rows, loading, error, retry).
 */
export function useListPage<T>(
  queryKey: readonly unknown[],
  state: ListState,
  collection: CollectionName,
  opts: { expand?: string; enabled?: boolean } = {},
) {
  const [page, perPage, options] = listArgs(state);
  const list = useQuery({
    queryKey,
    queryFn: () =>
      adminPb
        .collection(collection)
        .getList<T>(page, perPage, opts.expand ? { ...options, expand: opts.expand } : options),
    placeholderData: keepPreviousData,
    enabled: opts.enabled,
  });
  const table = {
    result: list.data as ListPage<T> | undefined,
    loading: list.isFetching,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
  return { list, table };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pb';
import { keys } from '../../../shared/data/query-keys';
import type { Result } from '../../../shared/records';

export type ResultChange = Partial<Pick<Result, 'favorite' | 'rating' | 'redoRequested'>>;

/**
 * Marks on a result (favourite, rating, redo flag), shown at once and rolled back if the server
 * refuses; the error is left on the mutation for the page to say.
 */
export function useResultUpdate(photoshootId: string) {
  const client = useQueryClient();
  const key = keys.results(photoshootId);
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ResultChange }) =>
      pb.collection('results').update<Result>(id, change),
    onMutate: async ({ id, change }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Result[]>(key);
      client.setQueryData<Result[]>(key, (list) => list?.map((r) => (r.id === id ? { ...r, ...change } : r)));
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (record) => {
      client.setQueryData<Result[]>(key, (list) =>
        list?.map((r) => (r.id === record.id ? { ...r, ...record } : r)),
      );
    },
  });
}

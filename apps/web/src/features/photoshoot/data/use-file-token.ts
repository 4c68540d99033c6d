import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { pb } from '../../../lib/pb';
import { keys } from '../../../shared/data/query-keys';

// note: file tokens live 180 s on the server; refresh well before that so a new image never gets a dead one.
const TOKEN_REFRESH_MS = 100_000;

/** A short-lived token for protected files (selfies, results), refreshed in the background. */
export function useFileToken() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.fileToken,
    queryFn: () => pb.files.getToken(),
    staleTime: TOKEN_REFRESH_MS,
    refetchInterval: TOKEN_REFRESH_MS,
  });
  const renew = useCallback(async () => {
    await client.invalidateQueries({ queryKey: keys.fileToken });
    return client.getQueryData<string>(keys.fileToken) ?? '';
  }, [client]);
  return { token: query.data ?? '', ready: query.isSuccess, renew };
}

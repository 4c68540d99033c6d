import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fileTokenQuery } from '../../../shared/data/file-token';
import { keys } from '../../../shared/data/query-keys';

/** A short-lived token for protected files (selfies, results), refreshed in the background. */
export function useFileToken() {
  const client = useQueryClient();
  const query = useQuery(fileTokenQuery);
  const renew = useCallback(async () => {
    await client.invalidateQueries({ queryKey: keys.fileToken });
    return client.getQueryData<string>(keys.fileToken) ?? '';
  }, [client]);
  return { token: query.data ?? '', ready: query.isSuccess, renew };
}

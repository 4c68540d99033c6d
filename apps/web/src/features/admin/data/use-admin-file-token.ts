import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminPb } from './admin-client';
import { adminKeys } from './admin-keys';

// note: file tokens live 180 s on the server; refresh well before that so a new image never gets a dead one.
const TOKEN_REFRESH_MS = 100_000;

/** The operator's token for protected files (originals, unreleased results), from the admin client. */
export const fileTokenQuery = queryOptions({
  queryKey: adminKeys.fileToken,
  queryFn: () => adminPb.files.getToken(),
  staleTime: TOKEN_REFRESH_MS,
  refetchInterval: TOKEN_REFRESH_MS,
});

/** The token, kept fresh, and `renew` for an image refused with the old one. */
export function useAdminFileToken() {
  const client = useQueryClient();
  const query = useQuery(fileTokenQuery);
  const renew = useCallback(async () => {
    await client.invalidateQueries({ queryKey: adminKeys.fileToken });
    return client.getQueryData<string>(adminKeys.fileToken) ?? '';
  }, [client]);
  return { token: query.data ?? '', renew };
}

/**
 * Protected files (selfies, results): a short-lived file token, refreshed in the background, and
 * the URLs that carry it.
 */
import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pb';
import { keys } from './query-keys';

// note: file tokens live 180 s on the server; refresh well before that so a new image never gets a dead one.
const TOKEN_REFRESH_MS = 100_000;

export const fileTokenQuery = queryOptions({
  queryKey: keys.fileToken,
  queryFn: () => pb.files.getToken(),
  staleTime: TOKEN_REFRESH_MS,
  refetchInterval: TOKEN_REFRESH_MS,
});

type FileRecord = { id: string; collectionId?: string; collectionName?: string };

/** The URL of a protected file, optionally a thumb (`WxH`) or as a download. */
export function protectedFileUrl(
  record: FileRecord,
  filename: string,
  options: { token: string; thumb?: string; download?: boolean },
): string {
  return pb.files.getURL(record, filename, options);
}

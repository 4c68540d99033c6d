/**
 * A photoshoot as several features read and change it (the flow, the dashboard, the team pages),
 * and its endpoints beyond the records API: a redo round and the zip of the results.
 */
import { queryOptions } from '@tanstack/react-query';
import type { RedoRequest, RedoResponse } from '@photoshoot/contract';
import { pb } from '../../lib/pb';
import type { Photoshoot } from '../records';
import { apiPath } from './payments-api';
import { keys } from './query-keys';

/** One photoshoot record (the flow keeps it live with `usePhotoshoot`). */
export const photoshootQuery = (id: string) =>
  queryOptions({
    queryKey: keys.photoshoot(id),
    queryFn: () => pb.collection('photoshoots').getOne<Photoshoot>(id),
  });

export function requestRedo(
  photoshootId: string,
  resultIds: string[],
  reasons: Record<string, string> = {},
): Promise<RedoResponse> {
  const body: RedoRequest = { results: resultIds, reasons };
  return pb.send<RedoResponse>(apiPath('photoshoots', photoshootId, 'redo'), { method: 'POST', body });
}

/** The zip of every released result; protected, so it carries a fresh file token. */
export async function downloadAllUrl(photoshootId: string): Promise<string> {
  const token = await pb.files.getToken();
  return pb.buildURL(
    `${apiPath('photoshoots', photoshootId, 'download')}?token=${encodeURIComponent(token)}`,
  );
}

/** Starts a draft photoshoot owned by the user. */
export function createDraft(userId: string, title: string) {
  return pb.collection('photoshoots').create({ user: userId, title });
}

/** Renames a photoshoot (the title also names its downloads). */
export function renamePhotoshoot(id: string, title: string): Promise<Photoshoot> {
  return pb.collection('photoshoots').update<Photoshoot>(id, { title });
}

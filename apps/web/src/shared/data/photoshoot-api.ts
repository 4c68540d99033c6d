/** The photoshoot endpoints beyond the records API: a redo round and the zip of the results. */
import type { RedoRequest, RedoResponse } from '@photoshoot/contract';
import { pb } from '../../lib/pb';
import { apiPath } from './payments-api';

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

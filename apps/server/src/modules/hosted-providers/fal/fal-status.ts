/**
 * A fal queue status (`GET …/requests/{id}/status`; @fal-ai/client types/common.ts QueueStatus,
 * fal_client client.py `_parse_status`): IN_QUEUE, IN_PROGRESS or COMPLETED; a request that failed
 * is COMPLETED with an `error` (and `error_type`). Any other state is not what fal documents.
 */
import { MalformedResponse, str } from '../http.js';

export type FalStatus = { state: 'IN_QUEUE' | 'IN_PROGRESS' } | { state: 'COMPLETED'; error: string | null };

export function readFalStatus(body: Record<string, unknown>): FalStatus {
  const state = str('fal', body, 'status');
  if (state === 'IN_QUEUE' || state === 'IN_PROGRESS') return { state };
  if (state !== 'COMPLETED')
    throw new MalformedResponse(`fal answered with an unknown status "${state.slice(0, 40)}".`);
  const error = typeof body.error === 'string' && body.error ? body.error.slice(0, 500) : null;
  return { state, error };
}

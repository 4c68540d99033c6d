import { MalformedResponse } from './http.js';

/** What a hosted provider says about one of its jobs, in our words (each adapter maps to this). */
export type RemoteResult =
  | { state: 'pending' }
  /** `outputs`: image URLs (generation); `ref`: the trained model (training). */
  | { state: 'done'; outputs: string[]; ref?: string }
  /**
   * `flagged`: the service's safety checker withheld the output; another seed may pass.
   * `cancelled`: we cancelled the job (cancel-job-row.ts), whatever the error's words.
   */
  | { state: 'failed'; error: string; flagged?: true; cancelled?: true };

export type JobKind = 'train' | 'generate';

/** Parses a stored result, treating anything unreadable as still pending (the poll will settle it). */
export function readResult(state: string, json: string): RemoteResult {
  if (state !== 'done' && state !== 'failed') return { state: 'pending' };
  try {
    const r = JSON.parse(json) as Record<string, unknown>;
    if (state === 'failed')
      return {
        state,
        error: typeof r.error === 'string' ? r.error : 'The provider reported a failure.',
        ...(r.flagged === true ? { flagged: true as const } : {}),
        ...(r.cancelled === true ? { cancelled: true as const } : {}),
      };
    const outputs = Array.isArray(r.outputs)
      ? r.outputs.filter((u): u is string => typeof u === 'string')
      : [];
    return { state, outputs, ...(typeof r.ref === 'string' ? { ref: r.ref } : {}) };
  } catch {
    return { state: 'pending' };
  }
}

/**
 * A service's documented job states sorted into ours, declared by each adapter next to the
 * documentation it follows. A state the table names as failed settles the job at once (the
 * attempt fails promptly instead of waiting for the timeout); one the table does not know is a
 * body that is not what the API documents (MalformedResponse: retried, never taken as success).
 */
export type StatusTable = {
  pending: readonly string[];
  succeeded: readonly string[];
  failed: readonly string[];
};

export function classifyStatus(
  service: string,
  status: unknown,
  table: StatusTable,
): 'pending' | 'succeeded' | 'failed' {
  if (typeof status !== 'string' || !status)
    throw new MalformedResponse(`${service} answered with a malformed body (no status).`);
  if (table.pending.includes(status)) return 'pending';
  if (table.succeeded.includes(status)) return 'succeeded';
  if (table.failed.includes(status)) return 'failed';
  throw new MalformedResponse(`${service} answered with an unknown status "${status.slice(0, 40)}".`);
}

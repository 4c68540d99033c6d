/** What a hosted provider says about one of its jobs, in our words (each adapter maps to this). */
export type RemoteResult =
  | { state: 'pending' }
  /** `outputs`: image URLs (generation); `ref`: the trained model (training). */
  | { state: 'done'; outputs: string[]; ref?: string }
  /** `flagged`: the service's safety checker withheld the output; another seed may pass. */
  | { state: 'failed'; error: string; flagged?: true };

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
      };
    const outputs = Array.isArray(r.outputs)
      ? r.outputs.filter((u): u is string => typeof u === 'string')
      : [];
    return { state, outputs, ...(typeof r.ref === 'string' ? { ref: r.ref } : {}) };
  } catch {
    return { state: 'pending' };
  }
}

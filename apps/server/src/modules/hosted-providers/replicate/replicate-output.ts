/**
 * Reads a Replicate prediction or training object `{id, status, output, error}`: `succeeded`
 * carries the images (a URL or a list of them) or, for a training, `output.version`
 * (`owner/model:hash`); `failed`, `canceled` and `aborted` end it without output.
 *
 * The states are the documented ones (replicate.com/docs/topics/predictions/lifecycle:
 * starting, processing, succeeded, failed, canceled, and `aborted` for a job whose deadline
 * passed before it started; replicate-javascript index.d.ts `Status`). Trainings share them.
 */
import { MalformedResponse } from '../http.js';
import { classifyStatus, type JobKind, type RemoteResult, type StatusTable } from '../remote-result.js';

export const REPLICATE_STATUSES: StatusTable = {
  pending: ['starting', 'processing'],
  succeeded: ['succeeded'],
  failed: ['failed', 'canceled', 'aborted'],
};

export function readReplicateObject(kind: JobKind, body: Record<string, unknown>): RemoteResult {
  const status = classifyStatus('Replicate', body.status, REPLICATE_STATUSES);
  if (status === 'pending') return { state: 'pending' };
  if (status === 'failed') {
    const error = typeof body.error === 'string' && body.error ? body.error : String(body.status);
    return { state: 'failed', error: error.slice(0, 500) };
  }
  const output = body.output;
  if (kind === 'train') {
    const version = (output as Record<string, unknown> | null)?.version;
    if (typeof version !== 'string' || !/^[^/\s]+\/[^:\s]+:[a-f0-9]+$/i.test(version))
      throw new MalformedResponse('Replicate answered with a malformed body (no output.version).');
    return { state: 'done', outputs: [], ref: version };
  }
  const urls = (Array.isArray(output) ? output : [output]).filter(
    (u): u is string => typeof u === 'string' && !!u,
  );
  if (!urls.length) throw new MalformedResponse('Replicate answered with a malformed body (no output).');
  return { state: 'done', outputs: urls };
}

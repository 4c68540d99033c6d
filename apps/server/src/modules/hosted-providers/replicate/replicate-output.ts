/**
 * Reads a Replicate prediction or training object `{id, status, output, error}`: `succeeded`
 * carries the images (a URL or a list of them) or, for a training, `output.version`
 * (`owner/model:hash`); `failed` and `canceled` carry the error.
 */
import { MalformedResponse } from '../http.js';
import type { JobKind, RemoteResult } from '../remote-result.js';

const PENDING = ['starting', 'processing'];

export function readReplicateObject(kind: JobKind, body: Record<string, unknown>): RemoteResult {
  const status = body.status;
  if (typeof status !== 'string')
    throw new MalformedResponse('Replicate answered with a malformed body (no status).');
  if (PENDING.includes(status)) return { state: 'pending' };
  if (status === 'failed' || status === 'canceled') {
    const error = typeof body.error === 'string' && body.error ? body.error : status;
    return { state: 'failed', error: error.slice(0, 500) };
  }
  if (status !== 'succeeded')
    throw new MalformedResponse(`Replicate answered with an unknown status "${status.slice(0, 40)}".`);
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

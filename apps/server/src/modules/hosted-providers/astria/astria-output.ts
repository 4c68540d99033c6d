/**
 * Reads Astria objects: a tune is trained once `trained_at` is set (its id is the model); a prompt
 * is done once `images` (URLs) is filled; `user_error` reports a prompt Astria refused.
 */
import { MalformedResponse } from '../http.js';
import type { RemoteResult } from '../remote-result.js';

export function readTune(tune: Record<string, unknown>): RemoteResult {
  if (typeof tune.id !== 'number' && typeof tune.id !== 'string')
    throw new MalformedResponse('Astria answered with a malformed tune (no id).');
  if (typeof tune.failed_at === 'string' && tune.failed_at)
    return { state: 'failed', error: String(tune.error ?? 'the tune failed').slice(0, 500) };
  if (!tune.trained_at) return { state: 'pending' };
  return { state: 'done', outputs: [], ref: String(tune.id) };
}

export function readPrompt(prompt: Record<string, unknown>): RemoteResult {
  if (typeof prompt.id !== 'number' && typeof prompt.id !== 'string')
    throw new MalformedResponse('Astria answered with a malformed prompt (no id).');
  if (typeof prompt.user_error === 'string' && prompt.user_error)
    return { state: 'failed', error: prompt.user_error.slice(0, 500) };
  if (!Array.isArray(prompt.images)) {
    if (prompt.images === undefined || prompt.images === null) return { state: 'pending' };
    throw new MalformedResponse('Astria answered with a malformed prompt (images is not a list).');
  }
  const urls = prompt.images
    .map((i) => (typeof i === 'string' ? i : (i as Record<string, unknown>)?.url))
    .filter((u): u is string => typeof u === 'string' && !!u);
  return urls.length ? { state: 'done', outputs: urls } : { state: 'pending' };
}

/**
 * Reads Astria objects. A tune is trained once `trained_at` is set (its id is the model); a prompt
 * is done once `images` (URLs) is filled. Failures: Astria's tunes and prompts carry `failed_at`
 * and `fail_message` when processing failed (docs.astria.ai api/overview, the prompt attributes of
 * its idempotency section), and a prompt it refused carries `user_error`. A failure is read as soon
 * as it shows, on a poll or a callback, so the attempt fails at once rather than at the timeout.
 */
import { MalformedResponse } from '../http.js';
import type { RemoteResult } from '../remote-result.js';

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** The failure an object reports, if any. */
function failure(o: Record<string, unknown>, what: string): RemoteResult | null {
  const message = text(o.fail_message) || text(o.user_error) || text(o.error);
  if (!text(o.failed_at) && !text(o.user_error)) return null;
  return { state: 'failed', error: (message || `Astria reports the ${what} failed`).slice(0, 500) };
}

function checkId(o: Record<string, unknown>, what: string): void {
  if (typeof o.id !== 'number' && typeof o.id !== 'string')
    throw new MalformedResponse(`Astria answered with a malformed ${what} (no id).`);
}

export function readTune(tune: Record<string, unknown>): RemoteResult {
  checkId(tune, 'tune');
  const failed = failure(tune, 'tune');
  if (failed) return failed;
  if (!tune.trained_at) return { state: 'pending' };
  return { state: 'done', outputs: [], ref: String(tune.id) };
}

export function readPrompt(prompt: Record<string, unknown>): RemoteResult {
  checkId(prompt, 'prompt');
  const failed = failure(prompt, 'prompt');
  if (failed) return failed;
  if (!Array.isArray(prompt.images)) {
    if (prompt.images === undefined || prompt.images === null) return { state: 'pending' };
    throw new MalformedResponse('Astria answered with a malformed prompt (images is not a list).');
  }
  const urls = prompt.images
    .map((i) => (typeof i === 'string' ? i : (i as Record<string, unknown>)?.url))
    .filter((u): u is string => typeof u === 'string' && !!u);
  return urls.length ? { state: 'done', outputs: urls } : { state: 'pending' };
}

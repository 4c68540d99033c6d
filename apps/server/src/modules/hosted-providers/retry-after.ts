/**
 * Reads an HTTP `Retry-After` header (RFC 9110 §10.2.3): either a number of seconds or an HTTP
 * date. Replicate's official clients honour both forms on a 429 (replicate-javascript
 * lib/util.js `withAutomaticRetries`, replicate-python client.py `_calculate_sleep`); so do we.
 * The answer is bounded so a hostile or mistaken header cannot park a job for days.
 */

/** The longest wait a header can ask of us: after that the job is tried again anyway. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** Seconds to wait, or null when the header is absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  const value = (header ?? '').trim();
  if (!value) return null;
  let seconds: number;
  if (/^\d+$/.test(value)) seconds = Number(value);
  else {
    // note: an HTTP date names a weekday and GMT; Date.parse reads the IMF-fixdate form.
    if (!/GMT$/i.test(value)) return null;
    const at = Date.parse(value);
    if (Number.isNaN(at)) return null;
    seconds = Math.ceil((at - now) / 1000);
  }
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds));
}

/** Lists of record ids in request bodies: checked for shape before any of them reaches a query. */
import type { ValidationErrors } from '../../core/errors.js';

/** Record ids are short tokens; anything else cannot name a result. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;
/** More than any photoshoot holds; bounds the work one request can ask for. */
export const MAX_IDS = 1000;

/**
 * The distinct ids in `value` (an array of id strings), or null after adding an error for `field`.
 * Absent (undefined) reads as an empty list.
 */
export function readIdList(value: unknown, field: string, errors: ValidationErrors): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || !ID.test(id))) {
    errors.add(field, 'validation_invalid_ids', 'Must be a list of result ids.');
    return null;
  }
  if (value.length > MAX_IDS) {
    errors.add(field, 'validation_too_many_ids', `At most ${MAX_IDS} results per request.`, {
      max: MAX_IDS,
    });
    return null;
  }
  return [...new Set(value as string[])];
}

/** "a, b and c" for messages that name a few ids (long lists are cut). */
export function idsForMessage(ids: readonly string[], max = 5): string {
  const shown = ids.slice(0, max);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

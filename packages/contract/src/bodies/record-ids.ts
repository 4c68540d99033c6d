/** Record ids in request bodies: checked for shape before any of them reaches a query. */
import { z } from 'zod';
import { coded, issue } from './coded.js';

/** Record ids are short tokens; anything else cannot name a record. */
export const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

/** More than any photoshoot holds; bounds the work one request can ask for. */
export const MAX_RESULT_IDS = 1000;

/** A list of result ids, absent or null meaning none; repeats count once. */
export function resultIds() {
  return coded(z.array(recordId).nullish(), 'validation_invalid_ids', 'Must be a list of result ids.')
    .refine(
      (ids) => (ids ?? []).length <= MAX_RESULT_IDS,
      issue('validation_too_many_ids', `At most ${MAX_RESULT_IDS} results per request.`, {
        max: MAX_RESULT_IDS,
      }),
    )
    .transform((ids) => [...new Set(ids ?? [])]);
}

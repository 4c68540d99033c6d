/**
 * Filter failures. Every problem with a client- or rule-supplied expression is a 400 with the
 * generic message and `data: {}` (PocketBase's list API): the detail goes into `cause` for the logs,
 * never into the response, so the error cannot be used to probe the schema.
 */
import { ApiError } from '../errors.js';

/** A 400 for a malformed or unresolvable filter/sort; `detail` is kept as the error's cause. */
export function invalidFilter(detail: string): ApiError {
  return new ApiError(400, '', {}, { cause: new Error(detail) });
}

/** PocketBase's 403 for `@collection.` / `@request.` in a non-superuser filter or sort. */
export function forbiddenFilterField(prefix: '@collection.' | '@request.'): ApiError {
  return ApiError.forbidden(`Only superusers can filter by ${prefix}`);
}

/** Refuses `@collection.`/`@request.` anywhere in the raw text, as PocketBase does before parsing. */
export function assertNoSuperuserOnlyFields(raw: string): void {
  if (raw.includes('@collection.')) throw forbiddenFilterField('@collection.');
  if (raw.includes('@request.')) throw forbiddenFilterField('@request.');
}

/**
 * Pieces of API rules collections share. Every rule that compares with
 * `@request.auth.id` starts with AUTHED: the filter language treats '' and NULL as equal, so a
 * guest (NULL id) would otherwise match empty relation values and the NULL row of an empty join.
 */

export const AUTHED = "@request.auth.id != ''";

/** Images the product accepts from people (uploads) and operators (previews, logos). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Joins conditions with `&&`, each in parentheses. */
export function all(...parts: string[]): string {
  return parts.map((p) => `(${p})`).join(' && ');
}

/** The request does not change `fields` (absent from the body, or sent with the stored value). */
export function unchanged(...fields: string[]): string {
  return fields.map((name) => `@request.body.${name}:changed = false`).join(' && ');
}

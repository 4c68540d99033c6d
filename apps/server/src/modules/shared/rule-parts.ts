/**
 * Pieces of API rules the domain collections share. Every rule that compares with
 * `@request.auth.id` starts with AUTHED: the filter language treats '' and NULL as equal, so a
 * guest (NULL id) would otherwise match empty relation values and the NULL row of an empty join.
 */

export const AUTHED = "@request.auth.id != ''";

/** Images the product accepts from people (uploads) and operators (previews, logos). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The caller has a membership row in `team` (a field path or `@request.body...`). One
 * `@collection` alias is one joined row, so both conditions hold on the same membership.
 */
export function memberOf(team: string): string {
  return `@collection.team_members.team ?= ${team} && @collection.team_members.user ?= @request.auth.id`;
}

/** The caller is an owner or admin of `team` (same joined membership row as the other parts). */
export function adminOf(team: string): string {
  return (
    `@collection.team_members.team ?= ${team} && @collection.team_members.user ?= @request.auth.id && ` +
    `(@collection.team_members.role ?= 'owner' || @collection.team_members.role ?= 'admin')`
  );
}

/** Joins conditions with `&&`, each in parentheses. */
export function all(...parts: string[]): string {
  return parts.map((p) => `(${p})`).join(' && ');
}

/** The request does not change `fields` (absent from the body, or sent with the stored value). */
export function unchanged(...fields: string[]): string {
  return fields.map((name) => `@request.body.${name}:changed = false`).join(' && ');
}

/** Rule parts about team membership, for the collections a team's members share. */

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

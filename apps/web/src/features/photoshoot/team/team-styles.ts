import type { TeamsRecord } from '@photoshoot/contract';
import type { Style } from '../../../shared/records';

/**
 * The styles a team member may choose from: the team's picks (plus its own custom styles) when
 * the admin picked some, else the public catalogue and the team's own; never another team's.
 */
export function stylesForTeam(all: Style[], team: Pick<TeamsRecord, 'id' | 'styles'>): Style[] {
  const mine = all.filter((s) => !s.team || s.team === team.id);
  if (!team.styles.length) return mine;
  return mine.filter((s) => team.styles.includes(s.id) || s.team === team.id);
}

/** The styles a locked team gives every member (what the server applies at submission). */
export function lockedStyles(all: Style[], team: Pick<TeamsRecord, 'styles'>, limit: number): Style[] {
  return team.styles
    .slice(0, limit)
    .map((id) => all.find((s) => s.id === id))
    .filter((s): s is Style => !!s);
}

import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { authStore, initAuth } from '../../lib/auth-store';
import { errorStatus } from '../../lib/errors';
import { fetchMemberRole } from './data/membership-api';
import { NotTeamMemberError } from './not-team-member';

export type TeamRole = 'owner' | 'admin' | 'member';

/**
 * Guard of the team's own pages: a guest goes to /login and comes back; a
 * signed-in user needs a `team_members` row for this team. The role goes into the route context
 * for the pages that show more to owners and admins.
 */
export async function requireTeamMember({
  params,
  location,
}: {
  params: { id: string };
  location: ParsedLocation;
}): Promise<{ teamRole: TeamRole }> {
  await initAuth();
  const user = authStore.getState().user;
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  try {
    return { teamRole: await fetchMemberRole(params.id, user.id) };
  } catch (err) {
    if (errorStatus(err) === 404) throw new NotTeamMemberError(params.id);
    throw err;
  }
}

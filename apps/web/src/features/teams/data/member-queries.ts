/**
 * The member side's team data: invite previews and joining, a team's photoshoots, the admin's
 * follow-up (reminders, released results, downloads). The answers' types are the contract's.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamInvitePreview, TeamRemindOutcome, TeamRole, TeamSummary } from '@photoshoot/contract';
import { pb } from '../../../lib/pb';
import { useSubscription } from '../../../lib/use-subscription';
import { apiPath } from '../../../shared/data/payments-api';
import type { Photoshoot, Result } from '../../../shared/records';
import { teamKeys } from './team-queries';

export type InvitePreview = TeamInvitePreview;

export const fetchInvite = (token: string) => pb.send<InvitePreview>(apiPath('teams', 'invites', token), {});

export const acceptInvite = (token: string) =>
  pb.send<{ team: string; role: TeamRole }>(apiPath('teams', 'invites', token, 'accept'), { method: 'POST' });

export const fetchSummary = (teamId: string) => pb.send<TeamSummary>(apiPath('teams', teamId, 'summary'), {});

export const teamSummaryQuery = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.summary(teamId), queryFn: () => fetchSummary(teamId) });

export function useTeamSummary(teamId: string) {
  return useQuery(teamSummaryQuery(teamId));
}

/** An invite link's preview as the asker sees it (a guest sees no "wrong address" or "already a member"). */
export const invitePreviewQuery = (token: string, userId: string) =>
  queryOptions({
    queryKey: [...teamKeys.invite(token), userId],
    queryFn: () => fetchInvite(token),
    retry: false,
  });

export type TeamPhotoshoot = Photoshoot & { expand?: { user?: { name: string; email: string } } };

/** The caller's team photoshoots; the rules add everyone's for the team's owners and admins. */
export const teamPhotoshootsQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.photoshoots(teamId),
    queryFn: () =>
      pb.collection('photoshoots').getFullList<TeamPhotoshoot>({
        filter: pb.filter('team = {:team}', { team: teamId }),
        sort: '-created',
        expand: 'user',
        fields: 'id,title,status,isTest,user,created,updated,releasedAt,expand.user.name,expand.user.email',
      }),
  });

export function useTeamPhotoshoots(teamId: string) {
  return useQuery(teamPhotoshootsQuery(teamId));
}

/**
 * Calls `onChange` on any change in the team's photoshoots (members' states move as their
 * photoshoots do), and when the live connection comes back.
 */
export function useTeamPhotoshootChanges(teamId: string, onChange: () => void, enabled: boolean) {
  useSubscription(
    'photoshoots',
    '*',
    pb.filter('team = {:team}', { team: teamId }),
    onChange,
    onChange,
    enabled,
  );
}

/** Starts the member's draft in the team (a test shoot goes through its own endpoint). */
export const createTeamDraft = (teamId: string, userId: string, title: string) =>
  pb.collection('photoshoots').create<Photoshoot>({ user: userId, team: teamId, title });

export const createTestShoot = (teamId: string) =>
  pb.send<Photoshoot>(apiPath('teams', teamId, 'test-shoot'), { method: 'POST' });

export const remindMembers = (teamId: string, members?: string[]) =>
  pb.send<TeamRemindOutcome>(apiPath('teams', teamId, 'remind'), {
    method: 'POST',
    body: members ? { members } : {},
  });

/** The team's released results (team admins read them; test shoots are left out by the server's zip only). */
export const teamResultsQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.results(teamId),
    queryFn: () =>
      pb.collection('results').getFullList<Result>({
        filter: pb.filter('team = {:team} && released = true && photoshoot.isTest = false', { team: teamId }),
        sort: 'user,style,variant',
      }),
  });

export function useTeamResults(teamId: string) {
  return useQuery(teamResultsQuery(teamId));
}

/** A link to a protected team download (zip or CSV), carrying a fresh file token. */
export async function teamFileUrl(teamId: string, what: 'download' | 'members.csv'): Promise<string> {
  const token = await pb.files.getToken();
  return pb.buildURL(`${apiPath('teams', teamId, what)}?token=${encodeURIComponent(token)}`);
}

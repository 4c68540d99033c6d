/**
 * The member side's team data: invite previews and joining, a team's photoshoots, the admin's
 * follow-up (members' states, reminders, released results, downloads). The answers of the team
 * endpoints are typed here after `modules/teams` (invites.ts, member-overview.ts, remind.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { TeamRole, TeamsRecord } from '@photoshoot/contract';
import { pb } from '../../../lib/pb';
import type { Photoshoot, Result } from '../../../shared/records';

const seg = encodeURIComponent;
const teamApi = (teamId: string, path = '') => `/api/teams/${seg(teamId)}${path}`;

export type InviteState =
  'open' | 'expired' | 'revoked' | 'used_up' | 'wrong_email' | 'wrong_domain' | 'unverified' | 'member';

export type InvitePreview = {
  team: { id: string; name: string; company: string };
  role: 'admin' | 'member';
  state: InviteState;
  message: string;
  restriction: { kind: 'none' | 'email' | 'domain'; domain?: string };
  expiresAt: string;
};

export type TeamSummary = {
  id: string;
  name: string;
  members: number;
  role: TeamRole;
  stylesIncluded: number;
};

export type MemberState = Photoshoot['status'] | 'not_started';

export type MemberRow = {
  user: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
  remindedAt: string;
  state: MemberState;
  photoshoot: string;
  lastActivity: string;
  released: number;
};

export type TeamOverview = { seatsTotal: number; seatsUsed: number; members: MemberRow[] };

export type RemindOutcome = {
  reminded: string[];
  skipped: { user: string; reason: 'submitted' | 'recently_reminded' }[];
};

export const teamKeys = {
  invite: (token: string) => ['team-invite', token] as const,
  summary: (teamId: string) => ['team-summary', teamId] as const,
  photoshoots: (teamId: string) => ['team-photoshoots', teamId] as const,
  overview: (teamId: string) => ['team-overview', teamId] as const,
  results: (teamId: string) => ['team-results', teamId] as const,
};

export const fetchInvite = (token: string) => pb.send<InvitePreview>(`/api/teams/invites/${seg(token)}`, {});

export const acceptInvite = (token: string) =>
  pb.send<{ team: string; role: TeamRole }>(`/api/teams/invites/${seg(token)}/accept`, { method: 'POST' });

export const fetchSummary = (teamId: string) => pb.send<TeamSummary>(teamApi(teamId, '/summary'), {});

export function useTeamSummary(teamId: string) {
  return useQuery({ queryKey: teamKeys.summary(teamId), queryFn: () => fetchSummary(teamId) });
}

/** The team record (members read it): name, look and seats. */
export function useTeamRecord(teamId: string) {
  return useQuery({
    queryKey: ['team-record', teamId],
    queryFn: () => pb.collection('teams').getOne<TeamsRecord>(teamId),
  });
}

export type TeamPhotoshoot = Photoshoot & { expand?: { user?: { name: string; email: string } } };

/** The caller's team photoshoots; the rules add everyone's for the team's owners and admins. */
export function useTeamPhotoshoots(teamId: string) {
  return useQuery({
    queryKey: teamKeys.photoshoots(teamId),
    queryFn: () =>
      pb.collection('photoshoots').getFullList<TeamPhotoshoot>({
        filter: pb.filter('team = {:team}', { team: teamId }),
        sort: '-created',
        expand: 'user',
        fields: 'id,title,status,isTest,user,created,updated,releasedAt,expand.user.name,expand.user.email',
      }),
  });
}

/** Starts the member's draft in the team (a test shoot goes through its own endpoint). */
export const createTeamDraft = (teamId: string, userId: string, title: string) =>
  pb.collection('photoshoots').create<Photoshoot>({ user: userId, team: teamId, title });

export const createTestShoot = (teamId: string) =>
  pb.send<Photoshoot>(teamApi(teamId, '/test-shoot'), { method: 'POST' });

export function useTeamOverview(teamId: string) {
  return useQuery({
    queryKey: teamKeys.overview(teamId),
    queryFn: () => pb.send<TeamOverview>(teamApi(teamId, '/members'), {}),
  });
}

export const remindMembers = (teamId: string, members?: string[]) =>
  pb.send<RemindOutcome>(teamApi(teamId, '/remind'), {
    method: 'POST',
    body: members ? { members } : {},
  });

/** The team's released results (team admins read them; test shoots are left out by the server's zip only). */
export function useTeamResults(teamId: string) {
  return useQuery({
    queryKey: teamKeys.results(teamId),
    queryFn: () =>
      pb.collection('results').getFullList<Result>({
        filter: pb.filter('team = {:team} && released = true && photoshoot.isTest = false', { team: teamId }),
        sort: 'user,style,variant',
      }),
  });
}

/** A link to a protected team download (zip or CSV), carrying a fresh file token. */
export async function teamFileUrl(teamId: string, what: 'download' | 'members.csv'): Promise<string> {
  const token = await pb.files.getToken();
  return pb.buildURL(`${teamApi(teamId, `/${what}`)}?token=${seg(token)}`);
}

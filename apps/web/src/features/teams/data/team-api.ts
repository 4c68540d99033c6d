/**
 * The team endpoints beyond the records API (`/api/teams…`, server: modules/teams/http), called
 * through the SDK's `send` so they carry the session and fail as `ClientResponseError`s.
 */
import type {
  CreatedInvite,
  TeamCheckoutResponse,
  TeamInviteRequest,
  TeamInvitesRecord,
  TeamMemberRow,
  TeamMemberState,
  TeamOrderRequest,
  TeamOverview,
  TeamQuote,
  TeamsRecord,
} from '@photoshoot/contract';
import { pb } from '../../../lib/pb';
import { apiPath } from '../../../shared/data/payments-api';

export type Team = TeamsRecord;
export type TeamInvite = TeamInvitesRecord;
export type MemberState = TeamMemberState;
export type MemberRow = TeamMemberRow;
export type TeamOrder = TeamOrderRequest & { quantity: number };
export type InviteRequest = TeamInviteRequest;
export type TeamCheckout = TeamCheckoutResponse;
export type { CreatedInvite, TeamOverview, TeamQuote };

export function createTeam(values: { name: string; company: string }): Promise<Team> {
  return pb.send<Team>('/api/teams', { method: 'POST', body: values });
}

export function fetchTeamOverview(teamId: string): Promise<TeamOverview> {
  return pb.send<TeamOverview>(apiPath('teams', teamId, 'members'), { method: 'GET' });
}

export async function createInvites(teamId: string, body: InviteRequest): Promise<CreatedInvite[]> {
  const out = await pb.send<{ items: CreatedInvite[] }>(apiPath('teams', teamId, 'invites'), {
    method: 'POST',
    body,
  });
  return out.items;
}

export function handOver(teamId: string, user: string): Promise<Team> {
  return pb.send<Team>(apiPath('teams', teamId, 'transfer'), { method: 'POST', body: { user } });
}

function orderBody(order: TeamOrder): TeamOrder {
  const coupon = order.coupon?.trim();
  const base = { package: order.package, quantity: order.quantity };
  return coupon ? { ...base, coupon } : base;
}

export function fetchTeamQuote(teamId: string, order: TeamOrder, signal?: AbortSignal): Promise<TeamQuote> {
  return pb.send<TeamQuote>(apiPath('teams', teamId, 'quote'), {
    method: 'POST',
    body: orderBody(order),
    signal,
  });
}

export function startTeamCheckout(teamId: string, order: TeamOrder): Promise<TeamCheckout> {
  return pb.send<TeamCheckout>(apiPath('teams', teamId, 'checkout'), {
    method: 'POST',
    body: orderBody(order),
  });
}

/** Revokes an invite link: nobody can join with it any more. */
export function revokeInvite(inviteId: string): Promise<TeamInvite> {
  return pb.collection('team_invites').update<TeamInvite>(inviteId, { revoked: true });
}

/** The team's chosen styles, and whether its members may pick others (`PATCH /api/teams/{id}`). */
export function saveTeamStyles(teamId: string, styles: string[], stylesLocked: boolean): Promise<Team> {
  return pb.send<Team>(apiPath('teams', teamId), { method: 'PATCH', body: { styles, stylesLocked } });
}

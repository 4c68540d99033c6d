/**
 * The team endpoints beyond the records API (`/api/teams…`, server: modules/teams/http), called
 * through the SDK's `send` so they carry the session and fail as `ClientResponseError`s.
 */
import type { Package, Payment, Quote, TeamRole } from '../../../shared/records';
import type { TeamsRecord, TeamInvitesRecord } from '@photoshoot/contract';
import { pb } from '../../../lib/pb';
import { apiPath } from '../../../shared/payments-api';

export type Team = TeamsRecord;
export type TeamInvite = TeamInvitesRecord;

/** A member's state: the status of their latest team photoshoot, or `not_started`. */
export type MemberState =
  | 'not_started'
  | 'draft'
  | 'pending_payment'
  | 'queued'
  | 'processing'
  | 'review'
  | 'completed'
  | 'failed'
  | 'refunded';

/** One row of `GET /api/teams/{id}/members` (team admins): never the member's selfies. */
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

export type TeamOrder = { package: string; quantity: number; coupon?: string };
export type TeamQuote = Quote & { quantity: number; seats: number };
export type TeamCheckout = { payment: Payment; url: string } | { payment: Payment; paid: true };

/** `POST /api/teams/{id}/invites`: one shareable link, or one single-use link per mailed address. */
export type InviteRequest = {
  role?: 'admin' | 'member';
  email?: string;
  domain?: string;
  expiresAt?: string;
  maxUses?: number;
  emails?: string[];
};
export type CreatedInvite = TeamInvite & { url: string };

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

export type { Package };

/**
 * The bodies of the team endpoints (`/api/teams…`, server: modules/teams/http). The server's
 * contract-check ties its own types to these.
 */
import type { PaymentsRecord, TeamInvitesRecord } from './records.gen.js';
import type { Quote } from './api.js';
import type { OrderRequest } from './bodies/payments.js';
import type { TeamInviteRole, TeamRole } from './statuses.js';

/** A member's state: the status of their latest (non-test) team photoshoot, or `not_started`. */
export type TeamMemberState =
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
export type TeamMemberRow = {
  user: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
  remindedAt: string;
  state: TeamMemberState;
  photoshoot: string;
  lastActivity: string;
  /** How many of the member's portraits are released. */
  released: number;
  /** Their draft has enough accepted photos to submit, and no seat is free. */
  waitingForSeat: boolean;
};

/**
 * `GET /api/teams/{id}/members`: the seats and every member; `seatsToBuy`: how many more seats
 * the drafts ready to submit need beyond the free ones.
 */
export type TeamOverview = {
  seatsTotal: number;
  seatsUsed: number;
  seatsToBuy: number;
  members: TeamMemberRow[];
};

/** `POST /api/teams/{id}/quote` and `/checkout`: a team package, how many of it, maybe a coupon. */
export type TeamOrderRequest = OrderRequest & { quantity?: number };

/** `POST /api/teams/{id}/quote`: the price of the whole order and the seats it adds. */
export type TeamQuote = Quote & { quantity: number; seats: number };

/** `POST /api/teams/{id}/checkout`: the provider's page, or a paid (free) order. */
export type TeamCheckoutResponse =
  { payment: PaymentsRecord; url: string } | { payment: PaymentsRecord; paid: true };

/** `POST /api/teams/{id}/invites` (body: `TeamInviteRequest`) answers `{items: CreatedInvite[]}`. */
export type CreatedInvite = TeamInvitesRecord & { url: string };

/** Whether an invite can be used by the person opening it: the invite page explains each in words. */
export type TeamInviteState =
  'open' | 'expired' | 'revoked' | 'used_up' | 'wrong_email' | 'wrong_domain' | 'unverified' | 'member';

/** `GET /api/teams/invites/{token}` (public): what the invite page shows; never the invited address. */
export type TeamInvitePreview = {
  team: { id: string; name: string; company: string };
  role: TeamInviteRole;
  state: TeamInviteState;
  /** Empty while the invite is `open`. */
  message: string;
  restriction: { kind: 'none' | 'email' | 'domain'; domain?: string };
  expiresAt: string;
};

/** `GET /api/teams/{id}/summary` (members): the team as a member's pages need it. */
export type TeamSummary = {
  id: string;
  name: string;
  members: number;
  role: TeamRole;
  /** Styles a member may choose (from the team's package, which members cannot read). */
  stylesIncluded: number;
};

/** `POST /api/teams/{id}/remind`: who was mailed, and who was not and why. */
export type TeamRemindOutcome = {
  reminded: string[];
  skipped: { user: string; reason: 'submitted' | 'recently_reminded' | 'waiting_for_seat' }[];
};

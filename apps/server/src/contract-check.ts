/**
 * Compile-time proof that the server still produces the shapes @photoshoot/contract promises the
 * web app: `tsc` fails here (and nothing runs) when a core type and its contract twin drift apart.
 * Types only: the contract is never loaded in Node.
 */
import type * as Contract from '@photoshoot/contract';
import type { App } from './core/app.js';
import type { PublicConfig } from './modules/photoshoots/http/public-config.js';
import type { Quote } from './modules/payments/quote.js';
import type { PaymentStatus } from './modules/payments/payment-store.js';
import type { ActorKind } from './core/records/actor.js';
import type { PhotoshootStatus } from './modules/photoshoots/statuses.js';
import type { PhotoshootsSettings } from './modules/photoshoots/photoshoots-settings.js';
import type { WebhookReceipt } from './modules/hosted-providers/receive-webhook.js';
import type { AdminOverview } from './modules/admin/overview.js';
import type { ConnectionTest } from './modules/hosted-providers/test-connection.js';
import type { PublicIntegrations } from './modules/integrations/public-integrations.js';
import type { StyleOrder } from './modules/catalog/style-order.js';
import type { AdminUserSummary } from './modules/admin/user-summaries.js';
import type { TeamOverview } from './modules/teams/member-overview.js';
import type { TeamQuote } from './modules/teams/team-sale.js';
import type { InvitePreview } from './modules/teams/invites.js';
import type { RemindOutcome } from './modules/teams/remind.js';
import type { TeamSummary } from './modules/teams/team-summary.js';

/** `true` only when A and B are mutually assignable. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile unless given `true`. */
type Holds<T extends true> = T;

export type ContractChecks = [
  Holds<Same<Quote, Contract.Quote>>,
  Holds<Same<PublicConfig, Contract.PublicConfig>>,
  Holds<Same<PhotoshootsSettings, Contract.PublicConfig['photoshoots']>>,
  Holds<Same<WebhookReceipt, Contract.WebhookReceipt>>,
  Holds<Same<PaymentStatus, Contract.PaymentStatus>>,
  Holds<Same<PhotoshootStatus, Contract.PhotoshootStatus>>,
  Holds<Same<StyleOrder, Contract.StyleOrderResponse['styles'][number]>>,
  Holds<Same<ActorKind, Contract.ActorKind>>,
  Holds<Same<AdminOverview, Contract.AdminOverview>>,
  Holds<Same<ConnectionTest, Contract.ConnectionTest>>,
  Holds<Same<PublicIntegrations, Contract.PublicIntegrations>>,
  Holds<Same<ReturnType<App['settings']['secretsSet']>, Contract.SecretsSet>>,
  Holds<Same<AdminUserSummary, Contract.AdminUserSummary>>,
  Holds<Same<TeamOverview, Contract.TeamOverview>>,
  Holds<Same<TeamQuote, Contract.TeamQuote>>,
  Holds<Same<InvitePreview, Contract.TeamInvitePreview>>,
  Holds<Same<TeamSummary, Contract.TeamSummary>>,
  Holds<Same<RemindOutcome, Contract.TeamRemindOutcome>>,
];

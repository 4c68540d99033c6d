/**
 * The bodies of the server's custom endpoints (everything outside the PocketBase records API):
 * the answers here, the requests as schemas in bodies/ (their types are exported with these).
 * apps/server/src/contract-check.ts makes the server's build fail when its core functions stop
 * producing these shapes.
 */
import type { PhotoshootsRecord, PaymentsRecord, StylesRecord } from './records.gen.js';

export type QuoteCoupon = { code: string; percentOff?: number; amountOffCents?: number };

/** `POST /api/photoshoots/{id}/quote`: the price breakdown, in integer cents of `currency`. */
export type Quote = {
  priceCents: number;
  discountCents: number;
  amountDueCents: number;
  currency: string;
  coupon?: QuoteCoupon;
  /** Part of `discountCents`: a remainder below the smallest chargeable amount, waived. */
  waivedCents?: number;
  /** The smallest card payment in this currency (present with `waivedCents`). */
  minimumChargeCents?: number;
};

/**
 * `POST /api/photoshoots/{id}/checkout`: either the provider's checkout page to go to, or a paid
 * (free) order that needs no page.
 */
export type CheckoutResponse =
  { payment: PaymentsRecord; url: string } | { payment: PaymentsRecord; paid: true };

/** `GET /api/payments/sandbox/{id}`: the sandbox checkout page's payment and what it is for. */
export type SandboxPayment = PaymentsRecord & { packageName: string; description: string };

export type RedoResponse = PhotoshootsRecord;

export type StyleOrderResponse = { styles: Array<{ id: string; sortOrder: number }> };

/** `POST /api/admin/styles/{id}/render-preview` (superusers, no body) → the style with its new preview. */
export type RenderPreviewResponse = StylesRecord & { prompt: string; negativePrompt: string };

/** `POST /api/processing/webhooks/{provider}`: a hosted provider's callback, answered once settled. */
export type WebhookReceipt = { received: true; settled: boolean };

/** `GET /api/public/config`: the settings every visitor may know. */
export type PublicConfig = {
  appName: string;
  /** Days after release before originals / results are deleted (0: kept until the owner deletes them). */
  retention: { originalsDays: number; resultsDays: number };
  payments: { provider: string };
  /** The limits of one photoshoot the flow states and the server enforces. */
  photoshoots: { maxPhotos: number; minAcceptedPhotos: number; freeRedos: number };
  /** `studio`: the built-in engine retouches the person's own photos (own clothes and pose); `hosted`: a generative provider makes new outfits and settings. */
  engine: { kind: 'studio' | 'hosted'; provider: string };
  /** `local`: photos never leave the service's own servers (studio engine, ComfyUI); `hosted`: they may go to a hosted AI service. */
  privacy: 'local' | 'hosted';
  /** The support chat and page-view analytics the public pages load, with their public ids (null: none). */
  integrations: PublicIntegrations;
  /** `delivered`: mails go out over SMTP; false while they reach only the developer outbox. */
  mail: { delivered: boolean };
};

/** A support chat widget, by its provider's public site id. */
export type PublicChat =
  { provider: 'crisp'; websiteId: string } | { provider: 'tawk'; propertyId: string; widgetId: string };

/** A page-view analytics tag, by its provider's public id. */
export type PublicAnalytics =
  { provider: 'plausible'; domain: string } | { provider: 'ga4'; measurementId: string };

export type PublicIntegrations = { chat: PublicChat | null; analytics: PublicAnalytics | null };

/** `GET /api/admin/settings/secrets` (superusers): whether each secret of the settings is set, by path. */
export type SecretsSet = Record<string, boolean>;

/** `POST /api/admin/processing/providers/{name}/test` (superusers): the hosted provider accepted the key. */
export type ConnectionTest = {
  provider: string;
  ok: true;
  /** In words: what was checked, ending with whether this configuration can make real portraits. */
  message: string;
  /** The provider's trainer or apps were checked and the configuration makes real portraits (not placeholders). */
  realPortraits: boolean;
  /** What the operator must know of the configuration, e.g. that it makes placeholder images only. */
  notice?: string;
};

/** One currency's money of a sales window's orders: charged, given back since, and kept (gross − refunded). */
export type SalesAmount = { currency: string; grossCents: number; refundedCents: number; netCents: number };

/**
 * `GET /api/admin/overview` (superusers): the orders paid in one window, refunded since or not,
 * and their money per currency; every figure counts the same orders.
 */
export type SalesFigures = { orders: number; refundedOrders: number; amounts: SalesAmount[] };

/** `GET /api/admin/overview` (superusers): what needs an operator now, and sales. */
export type AdminOverview = {
  /** When the figures were taken: the windows end here. */
  now: string;
  review: { count: number; oldestSince: string };
  processing: { count: number; stuck: number };
  failed: number;
  refundsOwed: number;
  newMessages: number;
  /** Generation providers that cannot take work (out of credit): a banner until they can. */
  providerAlerts: ProviderAlert[];
  /**
   * False while PHOTOSHOOT_ENCRYPTION_KEY is unset: saved secrets (SMTP password, provider and
   * payment keys) are stored, and copied into backups, in plain text.
   */
  secretsEncrypted: boolean;
  sales: { today: SalesFigures; days7: SalesFigures; days30: SalesFigures };
};

/** A generation provider refusing work for lack of credit since `since`; jobs wait meanwhile. */
export type ProviderAlert = { provider: string; kind: 'out_of_credit'; since: string; message: string };

/** `GET /api/admin/users/summaries?ids=…` (superusers): how a customer signs in. */
export type UserSignInMethods = {
  /** The collection signs in with a password (an account made through OAuth2 has a random one). */
  password: boolean;
  /** OAuth2 providers linked to the account, by name. */
  oauth2: string[];
  /** One-time codes by mail are offered to customers. */
  otp: boolean;
  /** A second factor is required of customers. */
  mfa: boolean;
};

/** `GET /api/admin/users/summaries?ids=…` (superusers): one customer beyond their record. */
export type AdminUserSummary = {
  id: string;
  photoshoots: number;
  /** The latest change to the account or one of its photoshoots. */
  lastActivity: string;
  signIn: UserSignInMethods;
};

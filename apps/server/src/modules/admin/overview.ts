/**
 * The back office's "what needs attention now" figures (`GET /api/admin/overview`): the review
 * queue and how long its oldest photoshoot has waited, work in progress and work stuck behind an
 * expired lease, failures, refunds owed, unread contact messages, generation providers out of
 * credit, and the orders paid over three windows with what they charged, refunded and kept.
 * Counted in SQL so the answer stays one cheap round of queries however large the tables grow.
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { formatDate } from '../../tools/dates.js';
import { OWED_SQL } from '../payments/owed-refunds.js';
import { providerAlerts, type ProviderAlert } from '../processing/provider-alerts.js';

/** One currency's money of a window's orders: charged, given back since, and kept (gross − refunded). */
export type SalesAmount = { currency: string; grossCents: number; refundedCents: number; netCents: number };

/**
 * The orders paid in a window, refunded since or not, and their money per currency. Every figure
 * counts the same orders, so a refunded order shows in `orders`, `refundedOrders` and both of
 * `grossCents` and `refundedCents`, and `netCents` is what was kept.
 */
export type SalesFigures = { orders: number; refundedOrders: number; amounts: SalesAmount[] };

export type AdminOverview = {
  /** When the figures were taken: the windows below end here. */
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

const DAY_MS = 24 * 60 * 60 * 1000;

async function count(app: App, table: string, where: string, params: unknown[] = []): Promise<number> {
  const row = await app.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${q(table)} WHERE ${where}`, params);
  return row?.n ?? 0;
}

/**
 * Money given back, as SQL over one payment: all of it once refunded, and what partial refunds gave
 * back of an order that stands (`refundedCents`). A refund that failed at the provider
 * (`refund_failed`) left the money with us, so it counts as kept.
 */
const REFUNDED_CENTS_SQL =
  `CASE WHEN "status" = 'refunded' THEN "amountCents" ` +
  `WHEN "status" = 'paid' THEN COALESCE("refundedCents", 0) ELSE 0 END`;

async function sales(app: App, since: string, until: string): Promise<SalesFigures> {
  const rows = await app.db.all<{
    currency: string;
    n: number;
    nRefunded: number;
    gross: number;
    refunded: number;
  }>(
    `SELECT "currency", COUNT(*) AS "n", SUM(CASE WHEN "status" = 'refunded' THEN 1 ELSE 0 END) AS "nRefunded", ` +
      `SUM("amountCents") AS "gross", SUM(${REFUNDED_CENTS_SQL}) AS "refunded" FROM ${q('payments')} ` +
      `WHERE "paidAt" <> '' AND "paidAt" >= ? AND "paidAt" <= ? GROUP BY "currency" ORDER BY "currency"`,
    [since, until],
  );
  const amounts = rows.map((r) => ({
    currency: r.currency,
    grossCents: r.gross,
    refundedCents: r.refunded,
    netCents: r.gross - r.refunded,
  }));
  return {
    orders: rows.reduce((n, r) => n + r.n, 0),
    refundedOrders: rows.reduce((n, r) => n + r.nRefunded, 0),
    // note: free orders (a full-discount coupon) count as orders but have no money to show.
    amounts: amounts.filter((a) => a.grossCents > 0),
  };
}

/** "Today" starts at midnight UTC (dates are stored in UTC); the 7 and 30 days are rolling. */
export async function adminOverview(app: App, at: Date = new Date()): Promise<AdminOverview> {
  const now = formatDate(at);
  const midnight = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const inReview = await app.db.get<{ n: number; oldest: string | null }>(
    // note: a photoshoot enters review from processing, which stamps completedAt; `updated` covers
    // one an operator moved there by hand.
    `SELECT COUNT(*) AS n, MIN(CASE WHEN "completedAt" <> '' THEN "completedAt" ELSE "updated" END) AS oldest ` +
      `FROM ${q('photoshoots')} WHERE "status" = 'review'`,
  );
  return {
    now,
    review: { count: inReview?.n ?? 0, oldestSince: inReview?.oldest ?? '' },
    processing: {
      count: await count(app, 'photoshoots', `"status" = 'processing'`),
      stuck: await count(
        app,
        'photoshoots',
        `"status" = 'processing' AND "leaseExpiresAt" <> '' AND "leaseExpiresAt" < ?`,
        [now],
      ),
    },
    failed: await count(app, 'photoshoots', `"status" = 'failed'`),
    refundsOwed: await count(app, 'payments', OWED_SQL),
    newMessages: await count(app, 'contact_messages', `"status" = 'new'`),
    providerAlerts: await providerAlerts(app),
    secretsEncrypted: Boolean(app.options.encryptionKey),
    sales: {
      today: await sales(app, formatDate(midnight), now),
      days7: await sales(app, formatDate(new Date(at.getTime() - 7 * DAY_MS)), now),
      days30: await sales(app, formatDate(new Date(at.getTime() - 30 * DAY_MS)), now),
    },
  };
}

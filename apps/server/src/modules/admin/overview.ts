/**
 * The back office's "what needs attention now" figures (`GET /api/admin/overview`): the review
 * queue and how long its oldest photoshoot has waited, work in progress and work stuck behind an
 * expired lease, failures, refunds owed, unread contact messages, generation providers out of
 * credit, and orders and revenue over
 * three windows. Counted in SQL so the answer stays one cheap round of queries however large the
 * tables grow.
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { formatDate } from '../../tools/dates.js';
import { OWED_SQL } from '../payments/owed-refunds.js';
import { providerAlerts, type ProviderAlert } from '../processing/provider-alerts.js';

/** Orders paid in a window, and what of their money was kept (refunded orders count, earn nothing). */
export type SalesFigures = { orders: number; revenue: Array<{ currency: string; amountCents: number }> };

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
  const row = await app.db.get<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM ${q(table)} WHERE ${where}`,
    params,
  );
  // note: PostgreSQL returns COUNT as a bigint string.
  return Number(row?.n ?? 0);
}

async function sales(app: App, since: string, until: string): Promise<SalesFigures> {
  const window = `"paidAt" <> '' AND "paidAt" >= ? AND "paidAt" <= ?`;
  const orders = await count(app, 'payments', window, [since, until]);
  const rows = await app.db.all<{ currency: string; cents: unknown }>(
    `SELECT "currency", SUM("amountCents") AS cents FROM ${q('payments')} ` +
      `WHERE "status" = 'paid' AND ${window} GROUP BY "currency" ORDER BY "currency"`,
    [since, until],
  );
  return {
    orders,
    revenue: rows
      .map((r) => ({ currency: String(r.currency || ''), amountCents: Number(r.cents ?? 0) }))
      .filter((r) => r.amountCents > 0),
  };
}

/** "Today" starts at midnight UTC (dates are stored in UTC); the 7 and 30 days are rolling. */
export async function adminOverview(app: App, at: Date = new Date()): Promise<AdminOverview> {
  const now = formatDate(at);
  const midnight = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const inReview = await app.db.get<{ n: unknown; oldest: string | null }>(
    // note: a photoshoot enters review from processing, which stamps completedAt; `updated` covers
    // one an operator moved there by hand.
    `SELECT COUNT(*) AS n, MIN(CASE WHEN "completedAt" <> '' THEN "completedAt" ELSE "updated" END) AS oldest ` +
      `FROM ${q('photoshoots')} WHERE "status" = 'review'`,
  );
  return {
    now,
    review: { count: Number(inReview?.n ?? 0), oldestSince: inReview?.oldest ?? '' },
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

/**
 * The back office's CSV export of payments: the same filter and sort as the list it was asked from
 * (the records API's filter language, superusers only), read a page at a time so a long history is
 * never held in memory. Rows written while the export runs may shift the pages; an export is a
 * snapshot for a spreadsheet, not a ledger.
 */
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordJson } from '../../core/records/serialize.js';
import { csvLine } from '../../tools/csv.js';
import { isRefundOwed } from './owed-refunds.js';
import type { ExportColumn } from './purchasable.js';
import { allPurchasables, purchasableOf } from './purchasables.js';
import { recordOf } from '../record-of.js';

/** The export's columns before and after those of the purchasables (in `allPurchasables` order). */
const LEADING = ['id', 'created', 'status', 'refund_owed', 'provider', 'kind', 'package', 'quantity'];
const MONEY = ['currency', 'price', 'discount', 'amount', 'coupon', 'customer_email', 'customer_name'];
const TRAILING = ['paid_at', 'refunded_at', 'failure_reason'];

const PAGE = 500;

export type PaymentsExportQuery = { filter?: string; sort?: string };

/** Minor units as a decimal amount in the currency's own precision (29.00 USD, 2900 JPY). */
export function majorUnits(cents: unknown, currency: unknown): string {
  const code = String(currency || 'usd').toUpperCase();
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // An unknown currency code keeps two decimals.
  }
  return (Number(cents ?? 0) / 10 ** digits).toFixed(digits);
}

/** The export's shape on `app`: each registered purchasable adds its own columns and expands. */
export type ExportLayout = { header: string[]; expand: string; row(payment: RecordJson): unknown[] };

export function exportLayout(app: App): ExportLayout {
  const columns: ExportColumn[] = allPurchasables(app).flatMap((p) => p.exportColumns);
  const expand = new Set(['user', 'package', ...columns.flatMap((c) => (c.expand ? [c.expand] : []))]);
  return {
    header: [...LEADING, ...MONEY, ...columns.map((c) => c.header), ...TRAILING],
    expand: [...expand].join(','),
    row(json) {
      const expanded = (json.expand ?? {}) as Record<string, Record<string, unknown> | undefined>;
      // note: a payment's JSON carries the wire types its generated record type declares.
      const p = recordOf('payments', json);
      const kind = purchasableOf(app, p).kind;
      return [
        p.id,
        p.created,
        p.status,
        isRefundOwed(p) ? 'yes' : 'no',
        p.provider,
        kind === 'none' ? '' : kind,
        expanded.package?.name ?? '',
        p.quantity || '',
        (p.currency ?? '').toUpperCase(),
        majorUnits(p.priceCents, p.currency),
        majorUnits(p.discountCents, p.currency),
        majorUnits(p.amountCents, p.currency),
        p.couponCode,
        expanded.user?.email ?? '',
        expanded.user?.name ?? '',
        ...columns.map((c) => c.cell(json)),
        p.paidAt,
        p.refundedAt,
        p.failureReason,
      ];
    },
  };
}

/**
 * The export's lines: the header, then one line per payment. The first page is read before this
 * returns, so a bad filter fails as a 400 before anything is streamed.
 * @throws {ApiError} 400 for a filter or sort the records API would refuse.
 */
export async function paymentsCsv(
  app: App,
  caller: Caller,
  query: PaymentsExportQuery,
): Promise<AsyncIterable<string>> {
  const payments = app.registry.require('payments');
  const layout = exportLayout(app);
  // The id breaks ties, so rows with the same sort value keep their place from page to page.
  const sort = [query.sort?.trim() || '-created', 'id'].join(',');
  const read = (page: number) =>
    app.records.list(payments, caller, {
      filter: query.filter,
      sort,
      page: String(page),
      perPage: String(PAGE),
      skipTotal: '1',
      expand: layout.expand,
    });
  const first = await read(1);
  return (async function* lines() {
    yield csvLine(layout.header);
    let batch = first;
    for (let page = 1; ; page++) {
      if (page > 1) batch = await read(page);
      for (const p of batch.items) yield csvLine(layout.row(p));
      if (batch.items.length < PAGE) return;
    }
  })();
}

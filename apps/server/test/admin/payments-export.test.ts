/**
 * `GET /api/admin/payments.csv`: who may read it (guest 401, customer 403, superuser 200, through
 * the SDK), that it exports exactly the rows the list's filter selects in the list's order, and
 * that customer text is escaped and never starts a spreadsheet formula.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { expectErrorBody, failure } from '../support/errors.js';
import { PURCHASABLES } from '@photoshoot/contract';
import { allPurchasables } from '../../src/modules/payments/purchasables.js';

/** The export's columns, as spreadsheets built on it expect them. */
const PAYMENTS_CSV_HEADER = [
  'id',
  'created',
  'status',
  'refund_owed',
  'provider',
  'kind',
  'package',
  'quantity',
  'currency',
  'price',
  'discount',
  'amount',
  'coupon',
  'customer_email',
  'customer_name',
  'photoshoot',
  'team',
  'paid_at',
  'refunded_at',
  'failure_reason',
];

/** A small RFC 4180 reader, enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(engines)('admin payments CSV export (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let customer: Awaited<ReturnType<TestServer['user']>>;
  let sly: Awaited<ReturnType<TestServer['user']>>;

  const csv = async (query: Record<string, string> = {}, token = su.authStore.token) => {
    const res = await fetch(`${t.url}/api/admin/payments.csv?${new URLSearchParams(query)}`, {
      headers: { authorization: token },
    });
    return { res, text: await res.text() };
  };

  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
    customer = await t.user({ name: 'Ann, "the" buyer' });
    sly = await t.user({ name: '=HYPERLINK("http://evil.example","x")' });
    const pay = (fields: Record<string, unknown>) =>
      su.collection('payments').create({
        provider: 'sandbox',
        providerRef: `ref-${Math.random().toString(36).slice(2)}`,
        currency: 'usd',
        ...fields,
      });
    await pay({ user: customer.id, status: 'paid', amountCents: 2900, priceCents: 2900 });
    await pay({
      user: customer.id,
      status: 'paid',
      amountCents: 2175,
      priceCents: 2900,
      discountCents: 725,
      couponCode: '+SPRING',
    });
    await pay({ user: sly.id, status: 'failed', amountCents: 4900, providerPaymentRef: 'pi_owed' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("registers exactly the contract's purchasables, each on its payments field", () => {
    const registered = allPurchasables(t.app).map(({ kind, field }) => ({ kind, field }));
    expect(registered).toEqual(PURCHASABLES.map(({ kind, field }) => ({ kind, field })));
  });

  it('answers 401 to a guest and 403 to a customer, in the error shape; 200 to a superuser', async () => {
    const guest = await failure(t.client().send('/api/admin/payments.csv', {}));
    expect(guest.status).toBe(401);
    expectErrorBody(guest.response, 401);
    const asCustomer = await failure(customer.pb.send('/api/admin/payments.csv', {}));
    expect(asCustomer.status).toBe(403);
    expectErrorBody(asCustomer.response, 403);
    await expect(su.send('/api/admin/payments.csv', {})).resolves.toBeDefined();
  });

  it('downloads every payment as CSV, newest first, with the header', async () => {
    const { res, text } = await csv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(PAYMENTS_CSV_HEADER);
    expect(rows).toHaveLength(4);
    const col = (name: string) => PAYMENTS_CSV_HEADER.indexOf(name);
    const discounted = rows.find((r) => r[col('discount')] === '7.25')!;
    expect(discounted[col('amount')]).toBe('21.75');
    expect(discounted[col('customer_email')]).toBe(customer.email);
    // Quotes and commas survive the round trip; a formula-like start is defused.
    expect(discounted[col('customer_name')]).toBe('Ann, "the" buyer');
    expect(discounted[col('coupon')]).toBe("'+SPRING");
    const owed = rows.find((r) => r[col('customer_email')] === sly.email)!;
    expect(owed[col('refund_owed')]).toBe('yes');
    expect(owed[col('customer_name')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('exports only what the filter selects, in the asked order', async () => {
    const { text } = await csv({
      filter: su.filter('user.email = {:e}', { e: customer.email }),
      sort: 'amountCents',
    });
    const rows = parseCsv(text).slice(1);
    expect(rows.map((r) => r[PAYMENTS_CSV_HEADER.indexOf('amount')])).toEqual(['21.75', '29.00']);
    const none = parseCsv((await csv({ filter: "status = 'refunded'" })).text);
    expect(none).toEqual([PAYMENTS_CSV_HEADER]);
  });

  it('refuses a broken filter with a 400 before streaming anything', async () => {
    const { res, text } = await csv({ filter: 'status = (' });
    expect(res.status).toBe(400);
    expectErrorBody(JSON.parse(text), 400);
    const badSort = await csv({ sort: 'nosuchfield' });
    expect(badSort.res.status).toBe(400);
  });
});

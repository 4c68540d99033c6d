/**
 * Selling something new is its module registering a purchasable: the export's columns, the kind of
 * a payment, the receipt's words and the sandbox page's description all come from it, whatever the
 * modules' order, with no edit to payments.
 */
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/core/app.js';
import type { RecordJson } from '../../src/core/records/serialize.js';
import { receiptMail } from '../../src/core/mail/templates.js';
import type { Purchasable } from '../../src/modules/payments/purchasable.js';
import {
  allPurchasables,
  purchasableOf,
  registerPurchasable,
} from '../../src/modules/payments/purchasables.js';
import { exportLayout } from '../../src/modules/payments/payments-export.js';
import { photoshootPurchase } from '../../src/modules/photoshoots/photoshoot-purchase.js';
import { teamSeatsPurchase } from '../../src/modules/teams/team-seats-purchase.js';
import { recordOf } from '../../src/modules/record-of.js';

/** Only what the registry uses of an app: its shared services. */
function bareApp(): App {
  const services = new Map<unknown, unknown>();
  const shared = (key: unknown, make: () => unknown) => {
    if (!services.has(key)) services.set(key, make());
    return services.get(key);
  };
  return { shared } as unknown as App;
}

/** A kind no module sells: gift cards, pointed at by a `giftCard` relation. */
const giftCard: Purchasable = {
  ...photoshootPurchase,
  kind: 'gift_card',
  field: 'giftCard',
  describe: ({ payment }) => `Gift card ${String(payment.giftCard)}`,
  receipt: ({ payment, appURL }) => ({
    lines: [{ label: 'Gift card', value: String(payment.giftCard) }],
    message: 'Your gift card is on its way to its recipient.',
    action: { label: 'See your gift cards', url: `${appURL}/gift-cards` },
  }),
  exportColumns: [
    {
      header: 'gift_card',
      expand: 'giftCard',
      cell: (p) => (p.expand as { giftCard?: { code?: string } }).giftCard?.code ?? '',
    },
  ],
};

const giftPayment = {
  id: 'pay1',
  status: 'paid',
  provider: 'sandbox',
  giftCard: 'gc1',
  currency: 'usd',
  amountCents: 2500,
  expand: { giftCard: { code: 'HAPPY-25' } },
} as unknown as RecordJson;

describe('purchasable registry', () => {
  it('keeps the product export columns in place whatever order the modules register in', () => {
    const forward = bareApp();
    registerPurchasable(forward, photoshootPurchase);
    registerPurchasable(forward, teamSeatsPurchase);
    const backward = bareApp();
    registerPurchasable(backward, teamSeatsPurchase);
    registerPurchasable(backward, photoshootPurchase);
    // The full header is pinned by the export's HTTP test (test/admin/payments-export.test.ts).
    const header = exportLayout(forward).header;
    expect(header.slice(14, 18)).toEqual(['customer_name', 'photoshoot', 'team', 'paid_at']);
    expect(exportLayout(backward).header).toEqual(header);
    expect(exportLayout(backward).expand).toBe('user,package,team');
  });

  it('gives a newly registered kind its export columns, expand and kind cell, with no other edit', () => {
    const app = bareApp();
    registerPurchasable(app, teamSeatsPurchase);
    registerPurchasable(app, giftCard);
    registerPurchasable(app, photoshootPurchase);
    const layout = exportLayout(app);
    expect(layout.header.slice(15, 18)).toEqual(['gift_card', 'photoshoot', 'team']);
    expect(layout.expand).toBe('user,package,giftCard,team');
    const row = layout.row(giftPayment);
    expect(row).toHaveLength(layout.header.length);
    expect(row[layout.header.indexOf('kind')]).toBe('gift_card');
    expect(row[layout.header.indexOf('gift_card')]).toBe('HAPPY-25');
    expect(row[layout.header.indexOf('amount')]).toBe('25.00');
    expect(allPurchasables(app).map((p) => p.kind)).toEqual(['gift_card', 'photoshoot', 'team_seats']);
  });

  it("finds a payment's kind by its relation, and a no-op kind for a payment that points at nothing", () => {
    const app = bareApp();
    registerPurchasable(app, photoshootPurchase);
    registerPurchasable(app, giftCard);
    expect(purchasableOf(app, { giftCard: 'gc1' }).kind).toBe('gift_card');
    expect(purchasableOf(app, { photoshoot: 'p1' }).kind).toBe('photoshoot');
    expect(purchasableOf(app, { team: 't1' }).kind).toBe('none');
    expect(() => registerPurchasable(app, giftCard)).toThrow(/already registered/);
  });

  it("words the receipt and the sandbox page in the purchasable's own terms", () => {
    const payment = recordOf('payments', { giftCard: 'gc1' });
    const sold = { payment, item: null, pkg: null, appURL: 'https://shop.test' };
    expect(giftCard.describe(sold)).toBe('Gift card gc1');
    const mail = receiptMail(
      { appName: 'Shop', appURL: 'https://shop.test' },
      {
        itemName: 'Gift card 25',
        item: giftCard.receipt(sold),
        priceCents: 2500,
        discountCents: 0,
        amountCents: 2500,
        currency: 'usd',
        couponCode: '',
        paymentId: 'pay1',
        paidAt: new Date('2026-11-27T00:00:00Z'),
      },
    );
    expect(mail.text).toContain('Your gift card is on its way to its recipient.');
    expect(mail.text).toContain('Gift card: gc1');
    expect(mail.text).toContain('https://shop.test/gift-cards');
    expect(mail.text).not.toMatch(/photoshoot|team/i);
  });
});

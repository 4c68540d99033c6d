import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '../../../lib/pb';
import { CouponQuote, type QuoteChange } from './coupon-quote';

// The server's answers, by coupon: 20% off a $49.00 package; anything else is refused.
const PRICE = 4900;
const COUPON_MESSAGE = 'This coupon has expired.';

type Sent = { path: string; body: { package: string; coupon?: string } };
let sent: Sent[] = [];

function stubServer() {
  return vi.spyOn(pb, 'send').mockImplementation(async (path: string, options?: { body?: unknown }) => {
    const body = (options?.body ?? {}) as Sent['body'];
    sent.push({ path, body });
    if (!path.endsWith('/quote')) throw new Error(`unexpected call ${path}`);
    if (!body.coupon) return { priceCents: PRICE, discountCents: 0, amountDueCents: PRICE, currency: 'usd' };
    if (body.coupon.toUpperCase() === 'SAVE20') {
      return {
        priceCents: PRICE,
        discountCents: 980,
        amountDueCents: PRICE - 980,
        currency: 'usd',
        coupon: { code: 'SAVE20', percentOff: 20 },
      };
    }
    if (body.coupon.toUpperCase() === 'ALMOST') {
      return {
        priceCents: PRICE,
        discountCents: PRICE,
        amountDueCents: 0,
        currency: 'usd',
        coupon: { code: 'ALMOST', percentOff: 99 },
        waivedCents: 49,
        minimumChargeCents: 50,
      };
    }
    throw new ClientResponseError({
      url: path,
      status: 400,
      response: {
        status: 400,
        message: 'Failed to quote.',
        data: { coupon: { code: 'validation_coupon_expired', message: COUPON_MESSAGE } },
      },
    });
  });
}

function renderQuote(initialCoupon?: string) {
  const changes: QuoteChange[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const quote = (coupon?: string) => (
    <QueryClientProvider client={client}>
      <CouponQuote
        photoshootId="shoot1"
        packageId="pkg1"
        packageName="Professional"
        initialCoupon={coupon}
        onChange={(c) => changes.push(c)}
      />
    </QueryClientProvider>
  );
  const view = render(quote(initialCoupon));
  return {
    changes,
    user: userEvent.setup(),
    field: screen.getByLabelText(/Coupon code/),
    /** The page learns the code later (its payment loads after the first render). */
    arrive: (coupon: string) => view.rerender(quote(coupon)),
  };
}

const amountDue = () => screen.getByTestId('amount-due').textContent;
const couponCalls = () => sent.filter((s) => s.body.coupon !== undefined);

beforeEach(() => {
  sent = [];
  stubServer();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CouponQuote', () => {
  it('shows the server’s price for the package before any coupon', async () => {
    const { changes } = renderQuote();
    await waitFor(() => expect(amountDue()).toBe('$49.00'));
    expect(sent[0]).toEqual({ path: '/api/photoshoots/shoot1/quote', body: { package: 'pkg1' } });
    expect(changes.at(-1)).toMatchObject({ coupon: '', ready: true });
  });

  it('quotes a typed coupon once typing stops and shows the discount', async () => {
    const { user, field, changes } = renderQuote();
    await waitFor(() => expect(amountDue()).toBe('$49.00'));

    await user.type(field, 'save20');
    // Typing is not a payment-ready state until the code is checked.
    expect(changes.at(-1)?.ready).toBe(false);

    await waitFor(() => expect(amountDue()).toBe('$39.20'));
    expect(screen.getByTestId('coupon-applied').textContent).toBe('Code SAVE20 applied: you save $9.80.');
    expect(screen.getByText('Discount (SAVE20)')).toBeTruthy();
    // Debounced: one request for the whole code, not one per keystroke.
    expect(couponCalls().map((c) => c.body.coupon)).toEqual(['save20']);
    expect(changes.at(-1)).toMatchObject({ coupon: 'save20', ready: true });
  });

  it('applies the code of a payment that did not go through, arriving after the first render', async () => {
    const { field, changes, arrive } = renderQuote();
    await waitFor(() => expect(amountDue()).toBe('$49.00'));
    arrive('SAVE20');
    await waitFor(() => expect(amountDue()).toBe('$39.20'));
    expect((field as HTMLInputElement).value).toBe('SAVE20');
    expect(changes.at(-1)).toMatchObject({ coupon: 'SAVE20', ready: true });
  });

  it('leaves a code the customer already typed alone', async () => {
    const { user, field, arrive } = renderQuote();
    await user.type(field, 'ALMOST');
    arrive('SAVE20');
    await waitFor(() => expect(amountDue()).toBe('$0.00'));
    expect((field as HTMLInputElement).value).toBe('ALMOST');
  });

  it('explains a remainder the server waived because it is below the smallest card payment', async () => {
    const { user, field } = renderQuote();
    await waitFor(() => expect(amountDue()).toBe('$49.00'));
    expect(screen.queryByTestId('waived')).toBeNull();
    await user.type(field, 'ALMOST{Enter}');
    await waitFor(() => expect(amountDue()).toBe('$0.00'));
    expect(screen.getByTestId('waived').textContent).toBe(
      'The discount includes $0.49 we waive: a card payment can’t be less than $0.50.',
    );
  });

  it('says why a coupon is refused, keeps the full price and blocks paying with it', async () => {
    const { user, field, changes } = renderQuote();
    await waitFor(() => expect(amountDue()).toBe('$49.00'));

    await user.type(field, 'OLDCODE{Enter}');

    await waitFor(() => expect(screen.getByText(COUPON_MESSAGE)).toBeTruthy());
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(amountDue()).toBe('$49.00');
    expect(screen.queryByText(/^Discount/)).toBeNull();
    expect(changes.at(-1)).toMatchObject({ coupon: '', ready: false });

    // Clearing the code makes the order payable again at the full price.
    await user.clear(field);
    await waitFor(() => expect(changes.at(-1)).toMatchObject({ coupon: '', ready: true }));
    expect(screen.queryByText(COUPON_MESSAGE)).toBeNull();
  });
});

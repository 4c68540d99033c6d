/** The product endpoints the flow calls beyond the records API (all through the SDK's `send`). */
import { pb } from '../../lib/pb';
import type { Checkout, Payment, Quote, SandboxPayment } from './types';

const path = (...parts: string[]) => '/api/' + parts.map(encodeURIComponent).join('/');

type Order = { package: string; coupon?: string };

function orderBody(order: Order): Order {
  const coupon = order.coupon?.trim();
  return coupon ? { package: order.package, coupon } : { package: order.package };
}

export function fetchQuote(photoshootId: string, order: Order, signal?: AbortSignal): Promise<Quote> {
  return pb.send<Quote>(path('photoshoots', photoshootId, 'quote'), {
    method: 'POST',
    body: orderBody(order),
    signal,
  });
}

export function startCheckout(photoshootId: string, order: Order): Promise<Checkout> {
  return pb.send<Checkout>(path('photoshoots', photoshootId, 'checkout'), {
    method: 'POST',
    body: orderBody(order),
  });
}

export function verifyPayment(paymentId: string): Promise<Payment> {
  return pb.send<Payment>(path('payments', paymentId, 'verify'), { method: 'POST' });
}

export function fetchSandboxPayment(paymentId: string): Promise<SandboxPayment> {
  return pb.send<SandboxPayment>(path('payments', 'sandbox', paymentId), { method: 'GET' });
}

export type SandboxOutcome = 'paid' | 'cancelled' | 'failed';

export function completeSandboxPayment(paymentId: string, outcome: SandboxOutcome): Promise<unknown> {
  return pb.send(path('payments', 'sandbox', paymentId, 'complete'), { method: 'POST', body: { outcome } });
}

export function requestRedo(photoshootId: string, resultIds: string[]): Promise<unknown> {
  return pb.send(path('photoshoots', photoshootId, 'redo'), { method: 'POST', body: { results: resultIds } });
}

/** The zip of every released result; protected, so it carries a fresh file token. */
export async function downloadAllUrl(photoshootId: string): Promise<string> {
  const token = await pb.files.getToken();
  return pb.buildURL(`${path('photoshoots', photoshootId, 'download')}?token=${encodeURIComponent(token)}`);
}

/** The payment id of a checkout answer (the server may send the record or just its id). */
export function checkoutPaymentId(checkout: Checkout): string {
  return typeof checkout.payment === 'string' ? checkout.payment : (checkout.payment?.id ?? '');
}

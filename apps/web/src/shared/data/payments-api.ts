/** The payment endpoints the flow calls beyond the records API (all through the SDK's `send`). */
import type { OrderRequest, SandboxCompleteRequest } from '@photoshoot/contract';
import { pb } from '../../lib/pb';
import type { CheckoutResponse, Payment, Quote, SandboxOutcome, SandboxPayment } from '../records';

export const apiPath = (...parts: string[]) => '/api/' + parts.map(encodeURIComponent).join('/');

function orderBody(order: OrderRequest): OrderRequest {
  const coupon = order.coupon?.trim();
  return coupon ? { package: order.package, coupon } : { package: order.package };
}

export function fetchQuote(photoshootId: string, order: OrderRequest, signal?: AbortSignal): Promise<Quote> {
  return pb.send<Quote>(apiPath('photoshoots', photoshootId, 'quote'), {
    method: 'POST',
    body: orderBody(order),
    signal,
  });
}

export function startCheckout(photoshootId: string, order: OrderRequest): Promise<CheckoutResponse> {
  return pb.send<CheckoutResponse>(apiPath('photoshoots', photoshootId, 'checkout'), {
    method: 'POST',
    body: orderBody(order),
  });
}

export function verifyPayment(paymentId: string): Promise<Payment> {
  return pb.send<Payment>(apiPath('payments', paymentId, 'verify'), { method: 'POST' });
}

export function fetchSandboxPayment(paymentId: string): Promise<SandboxPayment> {
  return pb.send<SandboxPayment>(apiPath('payments', 'sandbox', paymentId), { method: 'GET' });
}

export function completeSandboxPayment(paymentId: string, outcome: SandboxOutcome): Promise<Payment> {
  const body: SandboxCompleteRequest = { outcome };
  return pb.send<Payment>(apiPath('payments', 'sandbox', paymentId, 'complete'), { method: 'POST', body });
}

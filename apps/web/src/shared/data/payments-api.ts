/**
 * Payments as the flows read them: the payment record, and the endpoints beyond the records API
 * (through the SDK's `send`).
 */
import { queryOptions } from '@tanstack/react-query';
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

/** The payment record itself, as its owner may read it (a cancelled or failed checkout's). */
export const paymentRecordQuery = (paymentId: string) =>
  queryOptions({
    queryKey: ['payment-record', paymentId],
    queryFn: () => pb.collection('payments').getOne<Payment>(paymentId),
    retry: false,
  });

/** What the sandbox checkout page shows of a payment it is asked to settle. */
export const sandboxPaymentQuery = (paymentId: string) =>
  queryOptions({
    queryKey: ['sandbox-payment', paymentId],
    queryFn: () => fetchSandboxPayment(paymentId),
    retry: false,
  });

/**
 * fal's webhook signature (fal docs, "Webhooks" → "Verifying your webhook"): ED25519 over the
 * UTF-8 lines `request id \n user id \n timestamp \n hex SHA-256 of the raw body`, taken from the
 * `X-Fal-Webhook-Request-Id`, `-User-Id`, `-Timestamp` (Unix seconds) and `-Signature` (hex)
 * headers, checked against each key of fal's JWKS; a timestamp more than five minutes from now is
 * refused, so a captured delivery cannot be replayed later.
 */
import { createHash, verify, type KeyObject } from 'node:crypto';

export const FAL_WEBHOOK_TOLERANCE_SECONDS = 300;

export type FalSignedHeaders = { requestId: string; userId: string; timestamp: string; signature: string };

/** The four signature headers (lower-case, as the HTTP layer gives them), or null if any is missing. */
export function readSignedHeaders(headers: Record<string, string>): FalSignedHeaders | null {
  const requestId = headers['x-fal-webhook-request-id'] ?? '';
  const userId = headers['x-fal-webhook-user-id'] ?? '';
  const timestamp = headers['x-fal-webhook-timestamp'] ?? '';
  const signature = headers['x-fal-webhook-signature'] ?? '';
  if (!requestId || !userId || !timestamp || !signature) return null;
  return { requestId, userId, timestamp, signature };
}

export function falSignedMessage(h: Omit<FalSignedHeaders, 'signature'>, body: Buffer): Buffer {
  const digest = createHash('sha256').update(body).digest('hex');
  return Buffer.from(`${h.requestId}\n${h.userId}\n${h.timestamp}\n${digest}`, 'utf8');
}

/** True when the timestamp is a whole number of seconds within the tolerance of `nowSeconds`. */
export function isFresh(timestamp: string, nowSeconds: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowSeconds - Number(timestamp)) <= FAL_WEBHOOK_TOLERANCE_SECONDS;
}

export function signatureMatches(h: FalSignedHeaders, body: Buffer, keys: readonly KeyObject[]): boolean {
  if (!/^[0-9a-f]{128}$/i.test(h.signature)) return false;
  const signature = Buffer.from(h.signature, 'hex');
  const message = falSignedMessage(h, body);
  return keys.some((key) => {
    try {
      return verify(null, message, key, signature);
    } catch {
      return false;
    }
  });
}

/**
 * Standard Webhooks verification (standardwebhooks.com, what Replicate signs with): the signature
 * is base64 HMAC-SHA256 over `${webhook-id}.${webhook-timestamp}.${body}` keyed with the base64
 * part of a `whsec_…` secret; `webhook-signature` lists `v1,<sig>` entries separated by spaces.
 * A timestamp outside the tolerance is refused so a captured delivery cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOLERANCE_SECONDS = 5 * 60;

export function signatureFor(secret: string, id: string, timestamp: string, body: Buffer): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key);
  mac.update(`${id}.${timestamp}.`);
  mac.update(body);
  return mac.digest('base64');
}

export function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string>,
  body: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const id = headers['webhook-id'] ?? '';
  const timestamp = headers['webhook-timestamp'] ?? '';
  const signatures = headers['webhook-signature'] ?? '';
  if (!secret || !id || !/^\d{1,12}$/.test(timestamp) || !signatures) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureFor(secret, id, timestamp, body));
  return signatures.split(' ').some((entry) => {
    const [version, sig] = entry.split(',', 2);
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

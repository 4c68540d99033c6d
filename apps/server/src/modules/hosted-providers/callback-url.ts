/**
 * Callback URLs: `<appURL>/api/processing/webhooks/<provider>?job=<row id>&token=<per-job secret>`.
 * Astria's callbacks carry no signature, so the unguessable per-job token in the URL is what
 * proves a callback came from the service we gave it to; fal's (ED25519) and Replicate's
 * (Standard Webhooks) are signed as well, and the token is checked there too.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ExternalJobRow } from './external-jobs.js';

export const WEBHOOK_PATH = '/api/processing/webhooks';

export function callbackUrl(
  appURL: string,
  provider: string,
  row: Pick<ExternalJobRow, 'id' | 'token'>,
): string {
  const base = appURL.replace(/\/+$/, '');
  const query = new URLSearchParams({ job: row.id, token: row.token });
  return `${base}${WEBHOOK_PATH}/${provider}?${query.toString()}`;
}

export function tokenMatches(row: Pick<ExternalJobRow, 'token'>, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(row.token);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

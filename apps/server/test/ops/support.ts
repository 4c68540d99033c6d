/** Raw HTTP for the operations tests: exact statuses and headers, and a chosen client IP. */
import type { TestServer } from '../support/harness.js';

export type Hit = { status: number; headers: Headers; body: unknown };

/**
 * Sends one request. `ip` goes in X-Forwarded-For, which the server trusts only when the test
 * put that header in settings `trustedProxy.headers` (see `trustForwardedFor`).
 */
export async function hit(
  t: TestServer,
  path: string,
  opts: {
    method?: string;
    ip?: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Hit> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.ip) headers['X-Forwarded-For'] = opts.ip;
  if (opts.token) headers.Authorization = opts.token;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${t.url}${path}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

export async function trustForwardedFor(t: TestServer): Promise<void> {
  await t.app.settings.patch({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

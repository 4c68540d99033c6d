/**
 * Shared helpers of the contract tests: the protocol's default messages, a failing call checked
 * against the error body (`rejects`), a raw `fetch` wrapper for wire details the SDK hides, and JWT
 * payload decoding. The error-body check itself lives in test/support/errors.ts.
 */
import { expect } from 'vitest';
import { expectErrorBody, failure } from '../support/errors.js';

/** The server's default messages (PocketBase's error messages). */
export const MSG = {
  generic400: 'Something went wrong while processing your request.',
  notFound: "The requested resource wasn't found.",
  superusersOnly: 'Only superusers can perform this action.',
  failedCreate: 'Failed to create record.',
  missingCollection: 'Missing collection context.',
  missingAuthCollection: 'Missing or invalid auth collection context.',
} as const;

/**
 * Awaits an SDK call that must fail with `status` and a well-formed error body; returns the body's
 * `data` for further checks.
 */
export async function rejects(
  call: Promise<unknown>,
  status: number,
  message?: string,
): Promise<Record<string, unknown>> {
  const err = await failure(call);
  expect(err.status, `status of ${err.url}: ${JSON.stringify(err.response)}`).toBe(status);
  return expectErrorBody(err.response, status, message);
}

/** `data.<field>.code` of a validation error. */
export function codeOf(data: Record<string, unknown>, field: string): unknown {
  return (data[field] as { code?: unknown } | undefined)?.code;
}

export type RawResponse = { status: number; headers: Headers; text: string; json: unknown };

/** A plain `fetch` against the test server, for wire details the SDK hides. */
export async function raw(baseUrl: string, path: string, init: RequestInit = {}): Promise<RawResponse> {
  const res = await fetch(baseUrl + path, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** JSON headers as the SDK sends them (Content-Type on every request), plus an optional token. */
export function jsonHeaders(token?: string): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) h.Authorization = token;
  return h;
}

function base64UrlDecode(part: string): string {
  return Buffer.from(part.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
}

/** The (unverified) payload of a JWT. */
export function jwtPayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  expect(parts, 'a JWT has three parts').toHaveLength(3);
  return JSON.parse(base64UrlDecode(parts[1]!)) as Record<string, unknown>;
}

/** A copy of `token` with a replaced payload and the original signature (must not verify). */
export function withPayload(token: string, payload: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

/** A copy of `token` whose signature is changed in its first character (must not verify). */
export function withBrokenSignature(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
  return `${header}.${payload}.${flipped}`;
}

/** Record ids: 15 characters of [a-z0-9]. */
export const RECORD_ID = /^[a-z0-9]{15}$/;
/** Dates: `YYYY-MM-DD HH:MM:SS.sssZ` in UTC with a space. */
export const PB_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Sleeps until the wall clock has entered a later second (JWT `exp` has one-second resolution). */
export async function nextSecond(): Promise<void> {
  const start = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === start) await new Promise((r) => setTimeout(r, 50));
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

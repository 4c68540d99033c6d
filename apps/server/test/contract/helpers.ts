/**
 * Shared helpers of the contract tests: the error-body check every failing call goes through, a
 * way to capture the SDK's ClientResponseError, a raw `fetch` wrapper for wire details the SDK
 * hides, and JWT payload decoding.
 */
import { expect } from 'vitest';
import { ClientResponseError } from 'pocketbase';

/** The server's default messages (protocol §1.1). */
export const MSG = {
  generic400: 'Something went wrong while processing your request.',
  notFound: "The requested resource wasn't found.",
  superusersOnly: 'Only superusers can perform this action.',
  failedCreate: 'Failed to create record.',
  missingCollection: 'Missing collection context.',
  missingAuthCollection: 'Missing or invalid auth collection context.',
} as const;

/** Asserts the PocketBase error body `{status, message, data}` (exactly those keys, data an object). */
export function expectErrorBody(body: unknown, status: number, message?: string): Record<string, unknown> {
  expect(body, 'error body must be a JSON object').toBeTypeOf('object');
  expect(body).not.toBeNull();
  const b = body as Record<string, unknown>;
  expect(Object.keys(b).sort()).toEqual(['data', 'message', 'status']);
  expect(b.status).toBe(status);
  expect(b.message).toBeTypeOf('string');
  expect((b.message as string).length).toBeGreaterThan(0);
  expect(b.data).toBeTypeOf('object');
  expect(b.data).not.toBeNull();
  expect(Array.isArray(b.data)).toBe(false);
  if (message !== undefined) expect(b.message).toBe(message);
  return b.data as Record<string, unknown>;
}

/** Awaits an SDK call that must fail and returns its ClientResponseError. */
export async function failure(call: Promise<unknown>): Promise<ClientResponseError> {
  let result: unknown;
  try {
    result = await call;
  } catch (err) {
    if (err instanceof ClientResponseError) return err;
    throw err;
  }
  throw new Error(
    `expected the request to fail, but it succeeded with ${JSON.stringify(result)?.slice(0, 300)}`,
  );
}

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

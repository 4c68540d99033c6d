/**
 * What every test needs about failing requests: the PocketBase error body check, capturing the
 * SDK's ClientResponseError, and a request's status either way. One copy, imported by every area.
 */
import { expect } from 'vitest';
import { ClientResponseError } from 'pocketbase';

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

/**
 * Awaits an SDK call that must fail and returns its ClientResponseError. Takes the promise or a
 * function making it (for calls that would throw synchronously).
 */
export async function failure(
  call: Promise<unknown> | (() => Promise<unknown>),
): Promise<ClientResponseError> {
  let result: unknown;
  try {
    result = await (typeof call === 'function' ? call() : call);
  } catch (err) {
    if (err instanceof ClientResponseError) return err;
    throw err;
  }
  throw new Error(
    `expected the request to fail, but it succeeded with ${JSON.stringify(result)?.slice(0, 300)}`,
  );
}

/** The HTTP status of an SDK call: 200 on success (the SDK hides 204), the error status otherwise. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (err) {
    if (err instanceof ClientResponseError) return err.status;
    throw err;
  }
}

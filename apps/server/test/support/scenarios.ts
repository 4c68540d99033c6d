/**
 * Table-driven authorization scenarios, after PocketBase's ApiScenario (tests/api.go): each row
 * names a request, the caller making it, the status it must get and fragments its body must (or
 * must not) contain. One runner executes a row; `runMatrix` runs one request for many callers and
 * compares all statuses at once, so a failing row shows the whole picture.
 */
import { expect } from 'vitest';
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import type { TestServer } from './harness.js';
import { expectErrorBody } from './errors.js';

/** Named SDK clients; a caller's token (empty for a guest) signs fetch requests. */
export type Callers = Record<string, PocketBase>;

export type StandardCallers = {
  callers: Callers & { guest: PocketBase; user: PocketBase; otherUser: PocketBase; superuser: PocketBase };
  user: Awaited<ReturnType<TestServer['user']>>;
  otherUser: Awaited<ReturnType<TestServer['user']>>;
};

/**
 * Guest, user, other user and superuser on `t`, plus `extra` callers (team roles and the like)
 * the area brings.
 */
export async function standardCallers(t: TestServer, extra: Callers = {}): Promise<StandardCallers> {
  const user = await t.user();
  const otherUser = await t.user();
  return {
    callers: {
      guest: t.client(),
      user: user.pb,
      otherUser: otherUser.pb,
      superuser: await t.superuser(),
      ...extra,
    },
    user,
    otherUser,
  };
}

/** A body fragment: a substring of the raw body, or an object the parsed JSON body must contain. */
export type Fragment = string | Record<string, unknown>;

type Expectations = {
  expectedStatus: number;
  expectedContent?: Fragment[];
  notExpectedContent?: string[];
  /** The error message, for statuses of 400 and above. */
  expectedMessage?: string;
};

/** A raw request: sent with fetch, the caller's token as `Authorization`. */
type HttpRequest = {
  method?: string;
  /** A function when the URL holds ids made after the table is written (in a beforeAll). */
  url: string | (() => string);
  body?: unknown;
  headers?: Record<string, string>;
};

/** A request through the SDK, for calls whose URL the SDK builds (filters, files, auth flows). */
type SdkRequest = { sdk: (pb: PocketBase) => Promise<unknown> };

export type Scenario = { name: string; caller: string } & (HttpRequest | SdkRequest) & Expectations;

export type ScenarioResult = { status: number; text: string; json: unknown };

async function send(baseUrl: string, pb: PocketBase, s: HttpRequest | SdkRequest): Promise<ScenarioResult> {
  if ('sdk' in s) {
    try {
      const json = await s.sdk(pb);
      return { status: 200, text: JSON.stringify(json ?? null), json };
    } catch (err) {
      if (!(err instanceof ClientResponseError)) throw err;
      return { status: err.status, text: JSON.stringify(err.response), json: err.response };
    }
  }
  const headers: Record<string, string> = { ...s.headers };
  if (pb.authStore.token) headers.Authorization = pb.authStore.token;
  if (s.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(baseUrl + (typeof s.url === 'function' ? s.url() : s.url), {
    method: s.method ?? 'GET',
    headers,
    ...(s.body !== undefined ? { body: JSON.stringify(s.body) } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

function callerOf(callers: Callers, name: string): PocketBase {
  const pb = callers[name];
  if (!pb) throw new Error(`unknown caller "${name}" (known: ${Object.keys(callers).join(', ')})`);
  return pb;
}

function check(s: Expectations & { name: string; caller: string }, got: ScenarioResult): void {
  const where = `${s.name} as ${s.caller}: ${got.text.slice(0, 300)}`;
  expect(got.status, where).toBe(s.expectedStatus);
  if (s.expectedStatus >= 400) expectErrorBody(got.json, s.expectedStatus, s.expectedMessage);
  for (const fragment of s.expectedContent ?? []) {
    if (typeof fragment === 'string') expect(got.text, where).toContain(fragment);
    else expect(got.json, where).toMatchObject(fragment);
  }
  for (const fragment of s.notExpectedContent ?? []) expect(got.text, where).not.toContain(fragment);
}

/** Runs one scenario against `t` and asserts its expectations; returns the response for more checks. */
export async function runScenario(
  t: Pick<TestServer, 'url'>,
  callers: Callers,
  s: Scenario,
): Promise<ScenarioResult> {
  const got = await send(t.url, callerOf(callers, s.caller), s);
  check(s, got);
  return got;
}

/**
 * Runs one request as each caller in `expected` and asserts the statuses all at once (and the
 * error shape of every status of 400 and above).
 */
export async function runMatrix(
  t: Pick<TestServer, 'url'>,
  callers: Callers,
  request: HttpRequest | SdkRequest,
  expected: Record<string, number>,
): Promise<void> {
  const got: Record<string, ScenarioResult> = {};
  for (const caller of Object.keys(expected))
    got[caller] = await send(t.url, callerOf(callers, caller), request);
  const statuses = Object.fromEntries(Object.entries(got).map(([caller, r]) => [caller, r.status]));
  expect(statuses).toEqual(expected);
  for (const r of Object.values(got)) if (r.status >= 400) expectErrorBody(r.json, r.status);
}

/**
 * The error an SDK request rejects with when what it reads is not there for the caller (an empty
 * list where rows exist), so visibility reads as a status in a matrix.
 */
export function notVisible(): ClientResponseError {
  return new ClientResponseError({
    status: 404,
    response: { status: 404, message: 'Not visible to this caller.', data: {} },
  });
}

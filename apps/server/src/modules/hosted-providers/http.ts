/**
 * JSON over HTTP to a hosted provider, with the failure policy of the job runner: a 4xx other
 * than 402/408/409/429 is the request's fault (PermanentJobError, no retry); a 402 means the
 * provider account is out of credit (ProviderOutOfCredit: the job is held, the operators told);
 * a 429 is waited out in place as its `Retry-After` asks when that is short, else handed to the
 * runner (ProviderRateLimited) to try later; anything else (5xx, network, timeout, a body that is
 * not what the API documents) is retried. Messages name the provider and the status, never the
 * credentials.
 */
import { setTimeout as wait } from 'node:timers/promises';
import {
  PermanentJobError,
  ProviderOutOfCredit,
  ProviderRateLimited,
} from '../processing/providers/types.js';
import { retryAfterSeconds } from './retry-after.js';

const TIMEOUT_MS = 60_000;
const MAX_ERROR_TEXT = 300;
/** A 429 asking for at most this long is waited out in place (the job keeps its worker). */
export const MAX_INLINE_WAIT_SECONDS = 60;
/** 429s waited out in place per call before the job is put back in the queue instead. */
const MAX_INLINE_RETRIES = 3;
/** Without a readable `Retry-After`, the n-th wait is this many seconds times 2^n. */
const DEFAULT_WAIT_SECONDS = 5;

export class MalformedResponse extends Error {}

export type CallOptions = {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
};

function describeBody(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const detail = body.detail ?? body.error ?? body.message ?? body.title ?? body;
    const s = typeof detail === 'string' ? detail : JSON.stringify(detail);
    return s.slice(0, MAX_ERROR_TEXT);
  } catch {
    return text.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_TEXT);
  }
}

/** One request with its own time bound; network failures become a sentence naming the service. */
async function send(service: string, url: string, init: RequestInit, opts: CallOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  try {
    return await fetch(url, { ...init, signal, redirect: 'error' });
  } catch (err) {
    if (opts.signal?.aborted)
      throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted');
    throw new Error(`${service} could not be reached (${err instanceof Error ? err.message : String(err)}).`);
  }
}

/** One exchange, 429s waited out in place while that is short (see the header). */
async function exchange(service: string, url: string, opts: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  }
  const method = opts.method ?? (body ? 'POST' : 'GET');
  for (let retries = 0; ; retries++) {
    const res = await send(service, url, { method, headers, body }, opts);
    if (res.status !== 429) return res;
    // A 429 created nothing (the request was refused before it ran), so repeating it is safe.
    const asked = retryAfterSeconds(res.headers.get('retry-after'));
    const seconds = asked ?? DEFAULT_WAIT_SECONDS * 2 ** retries;
    const detail = describeBody(await res.text()) || res.statusText;
    if (seconds > MAX_INLINE_WAIT_SECONDS || retries >= MAX_INLINE_RETRIES)
      throw new ProviderRateLimited(`${service} answered 429: ${detail}`, seconds);
    await wait(seconds * 1000, undefined, opts.signal ? { signal: opts.signal } : {}).catch(() => {
      throw opts.signal?.reason instanceof Error ? opts.signal.reason : new Error('aborted');
    });
  }
}

/**
 * A 402, or fal's way of saying the same: billable calls answer 403 `User is locked. Reason:
 * Exhausted balance…` while reads keep working (fal-ai/fal issues 1112, 1147, 1163).
 */
export function outOfCredit(status: number, body: string): boolean {
  return status === 402 || (status === 403 && /user is locked[^"]*exhausted balance/i.test(body));
}

async function readJson<T>(service: string, res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) {
    const message = `${service} answered ${res.status}: ${describeBody(text) || res.statusText}`;
    if (outOfCredit(res.status, text)) throw new ProviderOutOfCredit(service, message);
    if (res.status >= 400 && res.status < 500 && ![408, 409].includes(res.status))
      throw new PermanentJobError(message);
    throw new Error(message);
  }
  if (!text) return {} as T;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed as T;
  } catch {
    throw new MalformedResponse(`${service} answered with a malformed body (not a JSON object).`);
  }
}

export async function callJson<T = Record<string, unknown>>(
  service: string,
  url: string,
  opts: CallOptions = {},
): Promise<T> {
  return readJson<T>(service, await exchange(service, url, opts));
}

/** Like callJson, but a 404 (the thing does not exist) answers null instead of failing. */
export async function findJson<T = Record<string, unknown>>(
  service: string,
  url: string,
  opts: CallOptions = {},
): Promise<T | null> {
  const res = await exchange(service, url, opts);
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  return readJson<T>(service, res);
}

/** Reads a string field or fails as malformed (the API did not send what it documents). */
export function str(service: string, obj: Record<string, unknown>, key: string): string {
  const v = obj[key];
  if (typeof v === 'string' && v) return v;
  if (typeof v === 'number') return String(v);
  throw new MalformedResponse(`${service} answered with a malformed body (no ${key}).`);
}

export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

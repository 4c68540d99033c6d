/**
 * JSON over HTTP to a hosted provider, with the failure policy of the job runner: a 4xx other
 * than 408/409/429 is the request's fault (PermanentJobError, no retry), anything else (5xx,
 * network, timeout, a body that is not what the API documents) is retried. Messages name the
 * provider and the status, never the credentials.
 */
import { PermanentJobError } from '../processing/providers/types.js';

const TIMEOUT_MS = 60_000;
const MAX_ERROR_TEXT = 300;

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

export async function callJson<T = Record<string, unknown>>(
  service: string,
  url: string,
  opts: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  }
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal,
      redirect: 'error',
    });
  } catch (err) {
    if (opts.signal?.aborted)
      throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted');
    throw new Error(`${service} could not be reached (${err instanceof Error ? err.message : String(err)}).`);
  }
  const text = await res.text();
  if (!res.ok) {
    const message = `${service} answered ${res.status}: ${describeBody(text) || res.statusText}`;
    if (res.status >= 400 && res.status < 500 && ![408, 409, 429].includes(res.status))
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

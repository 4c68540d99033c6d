/**
 * Calls to OAuth2 providers: bounded in time and size, JSON (or form-encoded) answers only.
 * Failures become ProviderCallError, whose message is safe to log: host, status and the OAuth
 * `error` code at most, never a response body, token or secret.
 */
import { isJsonObject } from '../../tools/object-kinds.js';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 1024 * 1024;

export class ProviderCallError extends Error {}

export type ProviderAnswer = { status: number; body: Record<string, unknown> };

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid-url';
  }
}

/** The OAuth `error` code of an answer, reduced to a safe token for logs. */
export function errorCode(body: Record<string, unknown>): string {
  return typeof body.error === 'string' ? body.error.replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 64) : '';
}

function parse(text: string, type: string): Record<string, unknown> | null {
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : { items: value };
  } catch {
    return null;
  }
}

/** The body as text, refusing more than MAX_BYTES without reading it all. */
async function readCapped(res: Response, url: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.length;
      if (size > MAX_BYTES) throw new ProviderCallError(`${hostOf(url)} answered too much data`);
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof ProviderCallError) throw err;
    throw new ProviderCallError(`${hostOf(url)} broke off the answer`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Sends the request and reads the answer; any status is returned, transport problems throw. */
export async function callProvider(url: string, init: RequestInit = {}): Promise<ProviderAnswer> {
  let res: Response;
  try {
    // note: a token endpoint never redirects; following one could carry the code and secret elsewhere.
    const redirect = init.method === 'POST' ? 'error' : 'follow';
    res = await fetch(url, { ...init, redirect, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const why = (err as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new ProviderCallError(`${hostOf(url)} ${why}`);
  }
  const text = await readCapped(res, url);
  const body = parse(text, res.headers.get('content-type') ?? '');
  if (!body) throw new ProviderCallError(`${hostOf(url)} answered ${res.status} without JSON`);
  return { status: res.status, body };
}

/** GET with a bearer token; anything but a 2xx JSON object throws. */
export async function getWithToken(
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const answer = await callProvider(url, {
    headers: {
      Accept: 'application/json',
      'User-Agent': 'Photoshoot',
      ...headers,
      Authorization: `Bearer ${accessToken}`,
    },
  });
  if (answer.status < 200 || answer.status > 299) {
    const code = errorCode(answer.body);
    throw new ProviderCallError(`${hostOf(url)} answered ${answer.status}${code ? ` ${code}` : ''}`);
  }
  return answer.body;
}

export { hostOf };

/** A log-safe description of a failure: our own messages, otherwise only the error's class. */
export function safeReason(err: unknown): string {
  if (err instanceof ProviderCallError) return err.message;
  return err instanceof Error ? err.name : 'unknown';
}

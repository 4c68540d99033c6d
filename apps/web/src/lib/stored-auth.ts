/**
 * The session the PocketBase SDK persisted (its LocalAuthStore: `pocketbase_auth` in
 * localStorage), read without loading the SDK, so the landing page knows who is signed in before
 * the SDK's chunk arrives. A tab with its own session (`tab-session.ts`) reads that one instead.
 * Decoding and validity follow the SDK's own rules, so both always agree.
 */
import { sessionStore } from './tab-session';

export const STORED_AUTH_KEY = 'pocketbase_auth';

export type StoredAuth = { token: string; record: Record<string, unknown> | null };

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Where this tab's session is: the shared one, or the tab's own (`tab-session.ts`). */
function place(): { storage: Storage | null; key: string } {
  return sessionStore() ?? { storage: storage(), key: STORED_AUTH_KEY };
}

export function readStoredAuth(): StoredAuth {
  const { storage: store, key } = place();
  const raw = store?.getItem(key) ?? '';
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') return { token: '', record: null };
  const { token, record, model } = parsed as { token?: unknown; record?: unknown; model?: unknown };
  // note: `model` is where SDK versions before 0.23 kept the record.
  const stored = record ?? model;
  return {
    token: typeof token === 'string' ? token : '',
    record: stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : null,
  };
}

export function removeStoredAuth(): void {
  const { storage: store, key } = place();
  store?.removeItem(key);
}

function tokenPayload(token: string): Record<string, unknown> {
  try {
    // note: plain atob on the segment, as the SDK does (it has no base64url step either).
    const binary = atob(token.split('.')[1] ?? '');
    const json = decodeURIComponent(
      Array.from(binary, (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The SDK's `authStore.isValid`: a token with a payload whose `exp` (if any) is in the future. */
export function isTokenValid(token: string, now = Date.now()): boolean {
  if (!token) return false;
  const payload = tokenPayload(token);
  if (!Object.keys(payload).length) return false;
  return !payload.exp || Number(payload.exp) > now / 1000;
}

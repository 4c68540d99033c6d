/**
 * What a request is, in rate-limit terms: its method and path, and for collection routes the
 * `<collection>:<action>` tags PocketBase's rule labels use (`users:authWithPassword`,
 * `*:create`, ...). Derived from the path alone, so a route added later by another feature is
 * tagged without registering anything here.
 */
import type { CollectionRegistry } from '../schema/registry.js';

export type RequestTarget = {
  method: string;
  /** The URL path without the query string. */
  path: string;
  /** Collection name, for collection routes naming a known collection. */
  collection?: string;
  /** PocketBase's action id (`authWithPassword`, `create`, ...). */
  action?: string;
  /** Our grouped action: `auth` for every sign-in and account flow. */
  group?: string;
  /** The body field naming the account a guessing action targets (see decision 004). */
  accountField?: 'identity' | 'otpId';
};

type AuthRoute = { action: string; group?: string; accountField?: RequestTarget['accountField'] };

const AUTH_ROUTES: Record<string, AuthRoute> = {
  'auth-with-password': { action: 'authWithPassword', group: 'auth', accountField: 'identity' },
  'auth-with-oauth2': { action: 'authWithOAuth2', group: 'auth' },
  'auth-with-otp': { action: 'authWithOTP', group: 'auth', accountField: 'otpId' },
  'auth-refresh': { action: 'authRefresh', group: 'auth' },
  'request-otp': { action: 'requestOTP', group: 'auth' },
  'request-password-reset': { action: 'requestPasswordReset', group: 'auth' },
  'confirm-password-reset': { action: 'confirmPasswordReset', group: 'auth' },
  'request-verification': { action: 'requestVerification', group: 'auth' },
  'confirm-verification': { action: 'confirmVerification', group: 'auth' },
  'request-email-change': { action: 'requestEmailChange', group: 'auth' },
  'confirm-email-change': { action: 'confirmEmailChange', group: 'auth' },
  'auth-methods': { action: 'listAuthMethods' },
};

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function recordAction(method: string, hasId: boolean): string | undefined {
  if (!hasId)
    return method === 'POST' ? 'create' : method === 'GET' || method === 'HEAD' ? 'list' : undefined;
  if (method === 'GET' || method === 'HEAD') return 'view';
  if (method === 'PATCH') return 'update';
  if (method === 'DELETE') return 'delete';
  return undefined;
}

export function describeRequest(registry: CollectionRegistry, method: string, url: string): RequestTarget {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const target: RequestTarget = { method: method.toUpperCase(), path };
  const segs = path.split('/');
  // ['', 'api', 'collections', c, ...rest] or ['', 'api', 'files', c, id, name]
  if (segs[1] !== 'api' || !segs[3]) return target;
  const collection = registry.find(decode(segs[3]));
  if (!collection) return target;
  let action: AuthRoute | undefined;
  if (segs[2] === 'collections') {
    const rest = segs.slice(4);
    if (rest[0] === 'records' && rest.length <= 2) {
      const a = recordAction(target.method, rest.length === 2 && rest[1] !== '');
      if (a) action = { action: a };
    } else if (rest[0] === 'impersonate' && rest.length === 2) {
      action = { action: 'impersonate' };
    } else if (rest.length === 1 && rest[0]) {
      action = AUTH_ROUTES[rest[0]];
    }
  } else if (segs[2] === 'files' && segs.length === 6) {
    action = { action: 'file' };
  }
  if (!action) return target;
  return { ...target, collection: collection.name, ...action };
}

/** Who is asking and how: the request facts rules and serialisation depend on, free of HTTP types. */
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from './codec.js';

export type AuthState = {
  collection: CollectionDef;
  record: RecordData;
  /** False for impersonation tokens, which auth-refresh must hand back unchanged. */
  refreshable: boolean;
  token: string;
};

export type RequestContextName =
  'default' | 'oauth2' | 'otp' | 'password' | 'realtime' | 'protectedFile' | 'batch' | 'expand';

export type Caller = {
  auth: AuthState | null;
  method: string;
  /** Lower-cased snake_case header names (`X-Token` → `x_token`), as rules see them. */
  headers: Record<string, string>;
  query: Record<string, string>;
  context: RequestContextName;
};

export function isSuperuser(caller: Caller): boolean {
  return caller.auth?.collection.name === '_superusers';
}

export function guestCaller(context: RequestContextName = 'default'): Caller {
  return { auth: null, method: 'GET', headers: {}, query: {}, context };
}

export function systemCaller(superuserCollection: CollectionDef): Caller {
  return {
    auth: { collection: superuserCollection, record: { id: '' }, refreshable: false, token: '' },
    method: 'GET',
    headers: {},
    query: {},
    context: 'default',
  };
}

import type { TypedPocketBase } from '@photoshoot/contract';
import PocketBase from 'pocketbase';
import { apiBaseUrl } from './api-base';
import { bindSdkAuthStore } from './auth-store';
import { SessionAuthStore } from './session-auth-store';
import { sessionStore } from './tab-session';

/**
 * The one PocketBase SDK client of the app (base URL: `api-base.ts`). Only lazy chunks import it:
 * the landing page renders without the SDK (its budget: scripts/check-bundle.mjs); `auth-store.ts`
 * follows the SDK's auth store from the moment this module loads.
 */

const tab = sessionStore();

/**
 * Typed by collection: `pb.collection('photoshoots')` yields the contract's `PhotoshootsRecord`.
 * A tab with its own session (an operator's view as a customer) keeps it in sessionStorage.
 */
export const pb = new PocketBase(
  apiBaseUrl(),
  tab?.storage ? new SessionAuthStore(tab.storage, tab.key) : undefined,
) as TypedPocketBase;

// note: the SDK cancels a pending request when another one with the same key starts; React Query
// and StrictMode start identical requests on purpose, so cancellation would only produce errors.
pb.autoCancellation(false);

bindSdkAuthStore(pb.authStore);

export { fileUrl } from './file-url';
export { FULL_LIST_BATCH, PAGE_SIZE } from './list-sizes';

import type { TypedPocketBase } from '@photoshoot/contract';
import PocketBase from 'pocketbase';

/**
 * The one PocketBase SDK client of the app. The API is served from the same origin as the app
 * (`photoshoot serve`), so the base URL defaults to the page's origin; `VITE_API_URL` points a
 * development build at another server.
 */
function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined;
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? 'http://127.0.0.1:8090' : window.location.origin;
}

/** Typed by collection: `pb.collection('photoshoots')` yields the contract's `PhotoshootsRecord`. */
export const pb = new PocketBase(apiBaseUrl()) as TypedPocketBase;

// note: the SDK cancels a pending request when another one with the same key starts; React Query
// and StrictMode start identical requests on purpose, so cancellation would only produce errors.
pb.autoCancellation(false);

/** Default page size of lists (seed §9). */
export const PAGE_SIZE = 30;

/** Batch size of `getFullList` (seed §9). */
export const FULL_LIST_BATCH = 500;

/** The URL of a stored file, optionally a thumb (`WxH`, see the collection's `thumbs`). */
export function fileUrl(
  record: { id: string; collectionId?: string; collectionName?: string },
  filename: string,
  thumb?: string,
): string {
  if (!filename) return '';
  return pb.files.getURL(record, filename, thumb ? { thumb } : undefined);
}

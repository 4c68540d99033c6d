/** Which record action a batch item's method and URL name (PocketBase's batch API); anything else is null. */
import type { BatchItem } from './validate-batch.js';

export type BatchRoute = {
  action: 'create' | 'update' | 'upsert' | 'delete';
  collection: string;
  id: string;
  query: URLSearchParams;
};

const RECORDS_PATH = /^\/api\/collections\/([^/]+)\/records(?:\/([^/]+))?\/?$/;

/** `decodeURIComponent`, or null for a malformed escape (`%E0%A4%A`, `%ZZ`). */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function routeOf(item: BatchItem): BatchRoute | null {
  if (!URL.canParse(item.url, 'http://batch.local')) return null;
  const u = new URL(item.url, 'http://batch.local');
  const m = RECORDS_PATH.exec(u.pathname);
  if (!m) return null;
  const collection = decoded(m[1]!);
  const id = m[2] ? decoded(m[2]) : '';
  if (collection === null || id === null) return null;
  const query = u.searchParams;
  if (item.method === 'POST' && !id) return { action: 'create', collection, id, query };
  if (item.method === 'PUT' && !id) return { action: 'upsert', collection, id, query };
  if (item.method === 'PATCH' && id) return { action: 'update', collection, id, query };
  if (item.method === 'DELETE' && id) return { action: 'delete', collection, id, query };
  return null;
}

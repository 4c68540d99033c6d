/** Which record action a batch item's method and URL name (protocol §7); anything else is null. */
import type { BatchItem } from './validate-batch.js';

export type BatchRoute = {
  action: 'create' | 'update' | 'upsert' | 'delete';
  collection: string;
  id: string;
  query: URLSearchParams;
};

const RECORDS_PATH = /^\/api\/collections\/([^/]+)\/records(?:\/([^/]+))?\/?$/;

export function routeOf(item: BatchItem): BatchRoute | null {
  const u = new URL(item.url, 'http://batch.local');
  const m = RECORDS_PATH.exec(u.pathname);
  if (!m) return null;
  const collection = decodeURIComponent(m[1]!);
  const id = m[2] ? decodeURIComponent(m[2]) : '';
  const query = u.searchParams;
  if (item.method === 'POST' && !id) return { action: 'create', collection, id, query };
  if (item.method === 'PUT' && !id) return { action: 'upsert', collection, id, query };
  if (item.method === 'PATCH' && id) return { action: 'update', collection, id, query };
  if (item.method === 'DELETE' && id) return { action: 'delete', collection, id, query };
  return null;
}

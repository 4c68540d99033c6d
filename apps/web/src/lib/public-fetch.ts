import { apiBaseUrl } from './api-base';
import { readStoredAuth } from './stored-auth';

/**
 * GET requests of the public pages with plain `fetch`, so the landing page loads without the
 * PocketBase SDK (the landing page's bundle budget, scripts/check-bundle.mjs). Same URLs, query
 * strings and Authorization header as the SDK's `send`; a failure throws a `PublicFetchError`
 * carrying the status (0: network).
 */
export class PublicFetchError extends Error {
  constructor(
    readonly status: number,
    readonly response: Record<string, unknown> = {},
  ) {
    super(typeof response.message === 'string' ? response.message : `Request failed (${status})`);
    this.name = 'PublicFetchError';
  }
}

type Query = Record<string, string | number | undefined>;

function url(path: string, query: Query = {}): string {
  const params = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return apiBaseUrl() + path + (params ? `?${params}` : '');
}

export async function getJson<T>(path: string, query?: Query): Promise<T> {
  // note: the SDK sends whatever token it stored; doing the same keeps the answers identical.
  const { token } = readStoredAuth();
  let res: Response;
  try {
    res = await fetch(url(path, query), { headers: token ? { Authorization: token } : {} });
  } catch {
    throw new PublicFetchError(0);
  }
  const body = (await res.json().catch(() => ({}))) as unknown;
  if (res.status >= 400)
    throw new PublicFetchError(
      res.status,
      body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
    );
  return body as T;
}

/** Every record of a list, page by page (the SDK's `getFullList`: `skipTotal`, stop at a short page). */
export async function getFullList<T>(
  collection: string,
  options: { batch: number; filter?: string; sort?: string },
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const list = await getJson<{ items?: T[]; perPage: number }>(
      `/api/collections/${encodeURIComponent(collection)}/records`,
      { page, perPage: options.batch, skipTotal: 1, filter: options.filter, sort: options.sort },
    );
    const batch = list.items ?? [];
    items.push(...batch);
    if (batch.length !== list.perPage) return items;
  }
}

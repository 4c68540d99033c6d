/**
 * Batch (protocol §7): record create/update/upsert/delete requests run in order inside one
 * transaction with the outer request's auth; the first failure rolls everything back. Events
 * (realtime) fire only after the commit.
 */
import type { App } from '../app.js';
import { ApiError, toApiError } from '../errors.js';
import type { Caller } from '../records/caller.js';
import { pickFields } from '../../tools/picker.js';

export type BatchItem = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
};
export type BatchResult = { body: unknown; status: number };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Checks the envelope; throws 400 "Invalid batch request data." with per-item details. */
export function validateBatch(raw: unknown, maxRequests: number): BatchItem[] {
  const message = 'Invalid batch request data.';
  if (!Array.isArray(raw) || raw.length === 0) {
    throw ApiError.badRequest(message, {
      requests: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  }
  if (raw.length > maxRequests) {
    throw ApiError.badRequest(message, {
      requests: {
        code: 'validation_length_too_long',
        message: `The length must be no more than ${maxRequests}.`,
      },
    });
  }
  const problems: Record<string, unknown> = {};
  const items: BatchItem[] = raw.map((entry, i) => {
    const item = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const method = typeof item.method === 'string' ? item.method.toUpperCase() : '';
    const url = typeof item.url === 'string' ? item.url : '';
    const itemErrors: Record<string, unknown> = {};
    if (!METHODS.includes(method))
      itemErrors.method = { code: 'validation_in_invalid', message: 'Must be a valid value.' };
    if (!url) itemErrors.url = { code: 'validation_required', message: 'Cannot be blank.' };
    else if (url.length > 2000)
      itemErrors.url = {
        code: 'validation_length_too_long',
        message: 'The length must be no more than 2000.',
      };
    if (Object.keys(itemErrors).length) problems[i] = itemErrors;
    const headers: Record<string, string> = {};
    if (item.headers && typeof item.headers === 'object') {
      for (const [k, v] of Object.entries(item.headers as Record<string, unknown>))
        headers[k.toLowerCase().replace(/-/g, '_')] = String(v);
    }
    const body =
      item.body && typeof item.body === 'object' && !Array.isArray(item.body)
        ? (item.body as Record<string, unknown>)
        : {};
    return { method, url, headers, body };
  });
  if (Object.keys(problems).length) throw ApiError.badRequest(message, { requests: problems });
  return items;
}

type Route = {
  action: 'create' | 'update' | 'upsert' | 'delete';
  collection: string;
  id: string;
  query: URLSearchParams;
};

function route(item: BatchItem): Route | null {
  const u = new URL(item.url, 'http://batch.local');
  const m = /^\/api\/collections\/([^/]+)\/records(?:\/([^/]+))?\/?$/.exec(u.pathname);
  if (!m) return null;
  const collection = decodeURIComponent(m[1]!);
  const id = m[2] ? decodeURIComponent(m[2]) : '';
  if (item.method === 'POST' && !id) return { action: 'create', collection, id, query: u.searchParams };
  if (item.method === 'PUT' && !id) return { action: 'upsert', collection, id, query: u.searchParams };
  if (item.method === 'PATCH' && id) return { action: 'update', collection, id, query: u.searchParams };
  if (item.method === 'DELETE' && id) return { action: 'delete', collection, id, query: u.searchParams };
  return null;
}

export async function runBatch(
  app: App,
  outer: Caller,
  items: BatchItem[],
  timeoutSeconds: number,
): Promise<BatchResult[]> {
  const deadline = Date.now() + (timeoutSeconds > 0 ? timeoutSeconds : 3) * 1000;
  const pending: (() => void)[] = [];
  const results = await app.db.transaction(async (tx) => {
    const out: BatchResult[] = [];
    for (const [i, item] of items.entries()) {
      try {
        if (Date.now() > deadline) throw ApiError.badRequest('Batch transaction timeout.');
        out.push(await runItem(app, outer, item, tx, (fn) => pending.push(fn)));
      } catch (err) {
        const response = toApiError(err);
        if (response.status >= 500) throw err;
        throw ApiError.badRequest('Batch transaction failed.', {
          requests: {
            [i]: {
              code: 'batch_request_failed',
              message: 'Batch request failed.',
              response: response.toJSON(),
            },
          },
        });
      }
    }
    return out;
  });
  for (const fn of pending) fn();
  return results;
}

async function runItem(
  app: App,
  outer: Caller,
  item: BatchItem,
  tx: Parameters<Parameters<App['db']['transaction']>[0]>[0],
  afterCommit: (fn: () => void) => void,
): Promise<BatchResult> {
  const r = route(item);
  if (!r) throw ApiError.notFound();
  const collection = app.registry.require(r.collection);
  const query = Object.fromEntries(r.query);
  const caller: Caller = {
    ...outer,
    method: item.method,
    headers: { ...outer.headers, ...item.headers, authorization: outer.headers.authorization ?? '' },
    query,
    context: 'batch',
  };
  const opts = { tx, afterCommit, expand: query.expand };
  const body = item.body ?? {};
  const shaped = (json: unknown) => ({ body: pickFields(json, query.fields), status: 200 });
  switch (r.action) {
    case 'create':
      return shaped((await app.records.create(collection, caller, body, opts)).json);
    case 'update':
      return shaped((await app.records.update(collection, caller, r.id, body, opts)).json);
    case 'upsert': {
      const id = typeof body.id === 'string' ? body.id : '';
      const exists = id ? await app.records.findById(collection, id, tx) : null;
      const saved = exists
        ? await app.records.update(collection, caller, id, body, opts)
        : await app.records.create(collection, caller, body, opts);
      return shaped(saved.json);
    }
    case 'delete':
      await app.records.delete(collection, caller, r.id, opts);
      return { body: null, status: 204 };
  }
}

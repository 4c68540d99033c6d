/**
 * Subscription topics (PocketBase's realtime topics): `collection/*`, `collection/recordId`, `collection` and
 * custom strings, each optionally carrying `?options={"query":{...},"headers":{...}}`.
 */
import type { CollectionDef } from '../schema/collection.js';
import type { CollectionRegistry } from '../schema/registry.js';

export type Topic = {
  /** The exact string the client subscribed with: events are named after it. */
  raw: string;
  collection: CollectionDef | null;
  /** Set for `collection/recordId` topics. */
  recordId: string | null;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** `query` and `headers` as one string: subscriptions with equal options see an event alike. */
  optionsKey: string;
};

function stringMap(value: unknown, normaliseKeys: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = normaliseKeys ? k.toLowerCase().replace(/-/g, '_') : k;
    out[key] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

export function parseTopic(raw: string, registry: CollectionRegistry): Topic {
  let base = raw;
  let query: Record<string, string> = {};
  let headers: Record<string, string> = {};
  const q = raw.indexOf('?');
  if (q >= 0) {
    base = raw.slice(0, q);
    const options = new URLSearchParams(raw.slice(q + 1)).get('options');
    if (options) {
      try {
        const parsed = JSON.parse(options) as { query?: unknown; headers?: unknown };
        query = stringMap(parsed.query, false);
        headers = stringMap(parsed.headers, true);
      } catch {
        // note: unparsable options leave the topic without options, as PocketBase does.
      }
    }
  }
  const slash = base.indexOf('/');
  const name = slash >= 0 ? base.slice(0, slash) : base;
  const rest = slash >= 0 ? base.slice(slash + 1) : '*';
  const collection = registry.find(name) ?? null;
  return {
    raw,
    collection,
    recordId: collection && rest !== '*' && rest !== '' ? rest : null,
    query,
    headers,
    optionsKey: JSON.stringify([query, headers]),
  };
}

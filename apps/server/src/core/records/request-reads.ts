/**
 * Records which `@request.*` values a filter compilation reads, so a later request can be checked
 * for the same values without compiling again (rule-memo.ts). A compilation is a pure function of
 * the schema, the rule text and the values it reads; the reads are recorded in order, so replaying
 * them against another request yields the same key exactly when the compiler would see the same
 * values and take the same path.
 *
 * The request, its `auth`, `auth.record`, `headers`, `query` and `body` are traced objects: what is
 * recorded for them is only whether they exist, the reads inside them are recorded one by one.
 * `auth.collection` is recorded by id (a registry holds one collection per id). Anything else is
 * recorded by value (JSON fields as a whole).
 */
import type { RequestInfo } from '../filter/context.js';
import { isObjectLike } from '../../tools/object-kinds.js';

type Op = { kind: 'get' | 'has' | 'in' | 'keys'; path: readonly string[]; key: string };

/** The reads of one compilation, in order; `shapeKey` names the sequence, `valueKey` the values. */
export type RequestReads = { ops: readonly Op[]; shapeKey: string; valueKey: string };

const TRACED_AT_ROOT = new Set(['auth', 'headers', 'query', 'body']);

function traced(path: readonly string[], key: string): boolean {
  return path.length === 0
    ? TRACED_AT_ROOT.has(key)
    : path.length === 1 && path[0] === 'auth' && key === 'record';
}

/**
 * One read value as key text, unambiguous without escaping: strings carry their length, numbers
 * keep -0 apart, arrays and objects are their JSON (equal JSON, equal value for the compiler).
 */
function keyPart(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return `s${v.length}:${v}`;
    case 'number':
      return Object.is(v, -0) ? 'n-0;' : `n${v};`;
    case 'boolean':
      return v ? 'T' : 'F';
    case 'undefined':
      return 'U';
    default: {
      if (v === null) return 'N';
      const json = JSON.stringify(v) ?? '';
      return `j${json.length}:${json}`;
    }
  }
}

/** What a `get` contributes to the key. */
function encodeGet(path: readonly string[], key: string, v: unknown): string {
  if (traced(path, key)) return isObjectLike(v) ? 'O' : keyPart(v);
  if (path.length === 1 && path[0] === 'auth' && key === 'collection')
    return isObjectLike(v) ? keyPart(v.id) : 'N';
  return keyPart(v);
}

/** A request that records every read the compiler makes of it. */
export function traceRequest(request: RequestInfo): { request: RequestInfo; finish: () => RequestReads } {
  const ops: Op[] = [];
  let values = '';
  const wrap = (target: Record<string, unknown>, path: readonly string[]): Record<string, unknown> =>
    new Proxy(target, {
      get(t, key) {
        const v: unknown = Reflect.get(t, key);
        if (typeof key === 'symbol') return v;
        ops.push({ kind: 'get', path, key });
        values += encodeGet(path, key, v);
        return traced(path, key) && isObjectLike(v) ? wrap(v, [...path, key]) : v;
      },
      getOwnPropertyDescriptor(t, key) {
        const d = Reflect.getOwnPropertyDescriptor(t, key);
        if (typeof key !== 'symbol') {
          ops.push({ kind: 'has', path, key });
          values += d !== undefined ? 'T' : 'F';
        }
        return d;
      },
      has(t, key) {
        const found = Reflect.has(t, key);
        if (typeof key !== 'symbol') {
          ops.push({ kind: 'in', path, key });
          values += found ? 'T' : 'F';
        }
        return found;
      },
      ownKeys(t) {
        const keys = Reflect.ownKeys(t);
        ops.push({ kind: 'keys', path, key: '' });
        values += keyPart(keys.filter((k) => typeof k === 'string'));
        return keys;
      },
    });
  return {
    request: wrap(request as unknown as Record<string, unknown>, []) as unknown as RequestInfo,
    finish: () => ({
      ops,
      shapeKey: JSON.stringify(ops.map((o) => [o.kind, o.path, o.key])),
      valueKey: values,
    }),
  };
}

/**
 * The value key `request` gives for the reads `ops`, or null when it cannot give the same one (an
 * object on the path is missing: the compiler would have taken another path).
 */
export function replayReads(ops: readonly Op[], request: RequestInfo): string | null {
  let values = '';
  for (const op of ops) {
    let obj: unknown = request;
    for (const seg of op.path) {
      obj = (obj as Record<string, unknown>)[seg];
      if (!isObjectLike(obj)) return null;
    }
    const o = obj as Record<string, unknown>;
    if (op.kind === 'get') values += encodeGet(op.path, op.key, o[op.key]);
    else if (op.kind === 'has') values += Object.prototype.hasOwnProperty.call(o, op.key) ? 'T' : 'F';
    else if (op.kind === 'in') values += op.key in o ? 'T' : 'F';
    else values += keyPart(Reflect.ownKeys(o).filter((k) => typeof k === 'string'));
  }
  return values;
}

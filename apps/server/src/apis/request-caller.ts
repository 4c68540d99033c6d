import type { FastifyRequest } from 'fastify';
import type { Caller, RequestContextName } from '../core/records/caller.js';

/** Header names as rules see them: lower-case snake_case. */
function ruleHeaders(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase().replace(/-/g, '_')] = Array.isArray(v) ? v.join(',') : v;
  }
  return out;
}

function ruleQuery(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    out[k] = Array.isArray(v) ? String(v[0]) : String(v);
  }
  return out;
}

const REQ = Symbol('request');
const HEADERS = Symbol('headers');
const QUERY = Symbol('query');

type HttpCaller = Caller & {
  [REQ]: FastifyRequest;
  [HEADERS]: Record<string, string> | undefined;
  [QUERY]: Record<string, string> | undefined;
};

/**
 * Few rules read headers or the query, so they are copied on first use. The accessors are shared
 * by every caller (own, enumerable: a spread copy of a caller still carries both): getters written
 * into an object literal were two new closures per request holding the request, and under load
 * that made the garbage collector's young-generation passes several times dearer.
 */
const LAZY: PropertyDescriptorMap = {
  headers: {
    enumerable: true,
    get(this: HttpCaller) {
      return (this[HEADERS] ??= ruleHeaders(this[REQ]));
    },
  },
  query: {
    enumerable: true,
    get(this: HttpCaller) {
      return (this[QUERY] ??= ruleQuery(this[REQ]));
    },
  },
};

/** The Caller for this request (auth was loaded by the onRequest hook). */
export function callerOf(req: FastifyRequest, context: RequestContextName = 'default'): Caller {
  const caller = {
    auth: req.auth,
    method: req.method,
    context,
    [REQ]: req,
    [HEADERS]: undefined,
    [QUERY]: undefined,
  };
  return Object.defineProperties(caller, LAZY) as unknown as Caller;
}

/** A query parameter as one string (the first when repeated). */
export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? String(v[0]) : String(v);
}

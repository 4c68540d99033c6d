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

/** The Caller for this request (auth was loaded by the onRequest hook). */
export function callerOf(req: FastifyRequest, context: RequestContextName = 'default'): Caller {
  // Few rules read headers or the query: they are copied on first use, not on every request.
  let headers: Record<string, string> | undefined;
  let query: Record<string, string> | undefined;
  return {
    auth: req.auth,
    method: req.method,
    context,
    get headers() {
      return (headers ??= ruleHeaders(req));
    },
    get query() {
      return (query ??= ruleQuery(req));
    },
  };
}

/** A query parameter as one string (the first when repeated). */
export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? String(v[0]) : String(v);
}

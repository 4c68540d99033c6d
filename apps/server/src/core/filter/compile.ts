/**
 * Filter compilation: AST (or string) + context → a boolean SQL condition with `?` parameters,
 * meant for `WHERE` of a query whose base row is `ctx.alias`.
 */
import type { FilterAst } from './ast.js';
import { compileWhere, createState } from './compile-core.js';
import type { FilterContext } from './context.js';
import { assertNoSuperuserOnlyFields } from './errors.js';
import { parseFilterCached } from './parse-cache.js';

export type CompiledSql = { sql: string; params: unknown[] };

/**
 * Compiles a filter. Strings are parsed first (and, when `@collection.`/`@request.` are not
 * allowed, checked for them before parsing, as PocketBase does).
 * @throws {ApiError} 400 for an invalid filter, 403 for a forbidden `@collection.`/`@request.`.
 */
export function compileFilter(filter: string | FilterAst, ctx: FilterContext): CompiledSql {
  if (typeof filter === 'string' && !ctx.allowRequestAndCollection) assertNoSuperuserOnlyFields(filter);
  const ast = typeof filter === 'string' ? parseFilterCached(filter) : filter;
  const cond = compileWhere(createState(ctx), ast.root);
  return { sql: cond.text, params: [...cond.params] };
}

// The records layer imports everything filter-related from here.
export { compileSort } from './sort.js';
export type { FilterContext, RequestInfo } from './context.js';

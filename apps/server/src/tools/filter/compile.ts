/**
 * Filter compilation: AST (or string) + context → a boolean SQL condition with `?` parameters,
 * meant for `WHERE` of a query whose base row is `ctx.alias`.
 */
import type { FilterAst, FilterNode } from './ast.js';
import { compileComparison } from './compare.js';
import { CompileState, type FilterContext } from './context.js';
import { assertNoSuperuserOnlyFields } from './errors.js';
import { parseFilter } from './parser.js';
import { resolveOperand } from './resolve-identifier.js';
import { ident, joinSql, raw, sql, type Sql } from './sql.js';

export type CompiledSql = { sql: string; params: unknown[] };

function compileNode(st: CompileState, node: FilterNode): Sql {
  if (node.type === 'expr') {
    const left = resolveOperand(st, node.left);
    const right = resolveOperand(st, node.right);
    return compileComparison(st.d, st.names, left, node.op, right);
  }
  const parts = node.items.map((item) => compileNode(st, item));
  return sql`(${joinSql(parts, node.type === 'and' ? ' AND ' : ' OR ')})`;
}

/**
 * Compiles a filter. Strings are parsed first (and, when `@collection.`/`@request.` are not
 * allowed, checked for them before parsing, as PocketBase does).
 * @throws {ApiError} 400 for an invalid filter, 403 for a forbidden `@collection.`/`@request.`.
 */
export function compileFilter(filter: string | FilterAst, ctx: FilterContext): CompiledSql {
  if (typeof filter === 'string' && !ctx.allowRequestAndCollection) assertNoSuperuserOnlyFields(filter);
  const ast = typeof filter === 'string' ? parseFilter(filter) : filter;
  const st = new CompileState(ctx);
  let cond = compileNode(st, ast.root);

  if (st.collectionJoins.size > 0) {
    // One LEFT JOIN per @collection alias, shared by every reference to it, inside an EXISTS instead
    // of in the outer query: that keeps "one row per record" for the list query (no DISTINCT, right
    // counts) while all conditions on the same alias still have to hold on the same joined row.
    const joins = [...st.collectionJoins.values()].map(
      (j) => sql` LEFT JOIN ${ident(j.collection.name)} AS ${raw(j.alias)} ON 1=1`,
    );
    cond = sql`EXISTS (SELECT 1 FROM (SELECT 1) AS _d${joinSql(joins, '')} WHERE ${cond})`;
  }
  return { sql: cond.text, params: [...cond.params] };
}

// The records layer imports everything filter-related from here.
export { compileSort } from './sort.js';
export type { FilterContext, RequestInfo } from './context.js';

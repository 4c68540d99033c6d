/**
 * The compiler proper, shared by filters, sorts and the list rules applied to related collections.
 */
import type { CollectionDef } from '../schema/collection.js';
import type { FilterNode } from './ast.js';
import { compileComparison, type AliasGen } from './compare.js';
import { CompileState, type FilterContext } from './context.js';
import { parseFilter } from './parser.js';
import { resolveOperand } from './resolve-identifier.js';
import { ident, joinSql, raw, sql, type Sql } from './sql.js';

function compileNode(st: CompileState, node: FilterNode): Sql {
  if (node.type === 'expr') {
    const left = resolveOperand(st, node.left);
    const right = resolveOperand(st, node.right);
    return compileComparison(st.d, st.names, left, node.op, right);
  }
  const parts = node.items.map((item) => compileNode(st, item));
  return sql`(${joinSql(parts, node.type === 'and' ? ' AND ' : ' OR ')})`;
}

/** Compiles a parsed filter into a boolean condition, including the `@collection` wrapper. */
export function compileWhere(st: CompileState, root: FilterNode): Sql {
  const cond = compileNode(st, root);
  if (st.collectionJoins.size === 0) return cond;
  // One LEFT JOIN per @collection alias, shared by every reference to it, inside an EXISTS instead
  // of in the outer query: that keeps "one row per record" for the list query (no DISTINCT, right
  // counts) while all conditions on the same alias still have to hold on the same joined row.
  const joins = [...st.collectionJoins.values()].map(
    (j) => sql` LEFT JOIN ${ident(j.collection.name)} AS ${raw(j.alias)} ON ${j.on ?? raw('1=1')}`,
  );
  return sql`EXISTS (SELECT 1 FROM (SELECT 1) AS _d${joinSql(joins, '')} WHERE ${cond})`;
}

/** A related collection's list rule runs with rule privileges against the joined row. */
function compileRule(st: CompileState, collection: CollectionDef, alias: string, rule: string): Sql {
  const nested = createState(
    { ...st.ctx, collection, alias, allowHidden: true, allowRequestAndCollection: true, existing: null },
    st.names,
  );
  return compileWhere(nested, parseFilter(rule).root);
}

export function createState(ctx: FilterContext, names?: AliasGen): CompileState {
  return new CompileState(ctx, compileRule, names);
}

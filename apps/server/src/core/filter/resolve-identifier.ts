/**
 * Maps one AST operand to SQL: literals, macros, `null/true/false`, base-collection field paths,
 * `@request.*`, `@collection.*` and functions.
 */
import { getField } from '../schema/collection.js';
import type { Operand as AstOperand } from './ast.js';
import type { CompileState } from './context.js';
import { forbiddenFilterField, invalidFilter } from './errors.js';
import { compileFunction } from './functions.js';
import { macroValue } from './macros.js';
import { literal, type CollectionOperand, type Operand } from './operand.js';
import { listRuleCondition, walkPath } from './resolve-path.js';
import { resolveRequest } from './resolve-request.js';
import { ident, raw, sql } from './sql.js';

const KEYWORDS: Record<string, boolean | null> = { null: null, true: true, false: false };

/** Resolves any operand of an expression (or a function argument). */
export function resolveOperand(st: CompileState, op: AstOperand): Operand {
  switch (op.type) {
    case 'text':
      return literal(st.d, op.value);
    case 'number':
      return literal(st.d, op.value, op.raw);
    case 'function':
      return compileFunction(st, op, (arg) => resolveOperand(st, arg));
    case 'identifier':
      return resolveIdentifier(st, op.name);
  }
}

/**
 * Resolves an identifier. Order follows PocketBase: macros, then fields, then the `null`/`true`/
 * `false` keywords (case-insensitive) when no field has that name.
 */
export function resolveIdentifier(st: CompileState, name: string): Operand {
  const macro = macroValue(name, st.now);
  if (macro !== undefined) {
    st.ctx.onMacro?.();
    return literal(st.d, macro);
  }

  if (name.startsWith('@request.') || name === '@request') {
    if (!st.ctx.allowRequestAndCollection) throw forbiddenFilterField('@request.');
    return resolveRequest(st, name.split('.'));
  }
  if (name.startsWith('@collection.')) {
    if (!st.ctx.allowRequestAndCollection) throw forbiddenFilterField('@collection.');
    return resolveCollection(st, name.split('.'));
  }
  if (name.startsWith('@') || name.startsWith('#'))
    throw invalidFilter(`unknown identifier ${JSON.stringify(name)}`);

  const props = name.split('.');
  const lower = name.toLowerCase();
  if (props.length === 1 && !getField(st.ctx.collection, name) && lower in KEYWORDS) {
    return literal(st.d, KEYWORDS[lower]);
  }
  return walkPath(st, { mode: 'row', alias: st.baseAlias, collection: st.ctx.collection }, props, {
    missingAsNull: false,
  });
}

/**
 * `@collection.<nameOrId>[:alias].path`. Every reference with the same alias key shares ONE joined
 * row (PocketBase adds one LEFT JOIN per alias), so `@collection.m.user ?= X && @collection.m.team
 * ?= Y` needs a single `m` row matching both. The compiler wraps the whole filter in an EXISTS over
 * those joined rows; here the operand reads that row (`current`) and, for plain operators, every
 * row of the collection (`all`).
 */
function resolveCollection(st: CompileState, props: string[]): CollectionOperand {
  if (props.length < 3) throw invalidFilter(`invalid @collection field ${JSON.stringify(props.join('.'))}`);
  const [nameOrId, aliasName, ...extra] = props[1]!.split(':');
  if (extra.length > 0 || aliasName === '') throw invalidFilter('invalid @collection alias');
  const collection = st.ctx.registry.find(nameOrId!);
  if (!collection) throw invalidFilter(`unknown collection ${JSON.stringify(nameOrId)}`);

  const key = aliasName === undefined ? collection.name : `:${aliasName}`;
  let join = st.collectionJoins.get(key);
  if (join && join.collection !== collection)
    throw invalidFilter(`@collection alias ${key} reused for another collection`);
  if (!join) {
    const alias = st.names.next('c');
    join = { collection, alias, on: listRuleCondition(st, collection, alias) };
    st.collectionJoins.set(key, join);
  }

  const rest = props.slice(2);
  const opts = { missingAsNull: false };
  const current = walkPath(st, { mode: 'row', alias: raw(join.alias), collection }, rest, opts);
  const aName = st.names.next('a');
  const a = raw(aName);
  const from = sql`${ident(collection.name)} AS ${a}`;
  const where = listRuleCondition(st, collection, aName);
  const allRows = walkPath(st, { mode: 'join', from, where, alias: a, collection, multi: true }, rest, opts);
  if (current.form === 'collection' || allRows.form !== 'multi')
    throw invalidFilter('invalid @collection field');
  // The shared row comes from a LEFT JOIN, so even NOT NULL columns read NULL when the collection is empty.
  return {
    form: 'collection',
    current: current.form === 'scalar' ? { ...current, nullable: true } : current,
    all: allRows,
  };
}

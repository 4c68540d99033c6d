/**
 * Field paths: `field`, `rel.field.sub`, `other_via_rel.field`, `json.a.0`, plus modifiers on the
 * last segment (PocketBase's filter identifiers and modifiers). Relations are followed inside
 * correlated subqueries rather than joins in the outer query, so a list query keeps exactly one row
 * per record and its pagination and counts stay right without DISTINCT.
 */
import { getField, type CollectionDef } from '../schema/collection.js';
import { isMultiValue, valueKind, type Field, type RelationField } from '../schema/fields.js';
import type { CompileState } from './context.js';
import { invalidFilter } from './errors.js';
import { literal, scalar, type MultiOperand, type Operand, type ScalarOperand } from './operand.js';
import { column, ident, raw, sql, type Kind, type Sql } from './sql.js';

/** As in PocketBase, relations can be followed up to 6 levels deep. */
export const MAX_RELATION_DEPTH = 6;

export type Modifier = '' | 'isset' | 'each' | 'length' | 'lower' | 'changed';
const MODIFIERS = new Set(['isset', 'each', 'length', 'lower', 'changed']);

/** `name:modifier` → [name, modifier]; more than one `:` means no modifier (and no such field). */
export function splitModifier(prop: string): [string, Modifier] {
  const parts = prop.split(':');
  if (parts.length !== 2) return [prop, ''];
  if (!MODIFIERS.has(parts[1]!)) throw invalidFilter(`unknown modifier in ${JSON.stringify(prop)}`);
  return [parts[0]!, parts[1] as Modifier];
}

/**
 * Where a walk currently stands: directly on a row of the outer query (`row`), or inside a
 * subquery being built (`join`) whose FROM/WHERE reach the current table as `alias`.
 */
export type WalkState =
  | { mode: 'row'; alias: Sql; collection: CollectionDef }
  | { mode: 'join'; from: Sql; where: Sql | null; alias: Sql; collection: CollectionDef; multi: boolean };

export type WalkOptions = {
  /** `@request.*` paths read missing fields as NULL instead of failing (PocketBase compatibility). */
  missingAsNull: boolean;
};

const VIA_RE = /^(\w+)_via_(\w+)$/;

function isListField(field: Field): boolean {
  return field.type === 'select' || field.type === 'relation' || field.type === 'file';
}

function checkHidden(st: CompileState, field: Field, prop: string): void {
  if (field.hidden && !st.ctx.allowHidden)
    throw invalidFilter(`field ${JSON.stringify(prop)} is not filterable`);
}

function missing(opts: WalkOptions, st: CompileState, what: string): ScalarOperand {
  if (opts.missingAsNull) return literal(st.d, null);
  throw invalidFilter(what);
}

/** Follows `props` from `start` and returns the operand of the final segment. */
export function walkPath(st: CompileState, start: WalkState, props: string[], opts: WalkOptions): Operand {
  let ws = start;
  let hops = 0;
  for (let i = 0; i < props.length; i++) {
    const prop = props[i]!;
    if (i === props.length - 1) return finalize(st, ws, prop, opts);

    const field = getField(ws.collection, prop);
    if (field) checkHidden(st, field, prop);
    if (field?.type === 'json') return jsonPath(st, ws, field, props.slice(i + 1));
    if (hops >= MAX_RELATION_DEPTH)
      throw invalidFilter(`max nested relations reached for ${JSON.stringify(prop)}`);
    hops++;

    if (!field) {
      const via = VIA_RE.exec(prop);
      if (!via) return missing(opts, st, `unknown field ${JSON.stringify(prop)}`);
      const other = st.ctx.registry.find(via[1]!);
      const back = other && getField(other, via[2]!);
      if (!other || !back || back.type !== 'relation') {
        return missing(opts, st, `invalid back relation ${JSON.stringify(prop)}`);
      }
      if (back.collection !== ws.collection.name && back.collection !== ws.collection.id) {
        return missing(
          opts,
          st,
          `back relation ${JSON.stringify(prop)} does not point to ${ws.collection.name}`,
        );
      }
      checkHidden(st, back, prop);
      ws = backHop(st, ws, other, back);
      continue;
    }
    if (field.type !== 'relation') throw invalidFilter(`field ${JSON.stringify(prop)} is not a relation`);
    // `rel.id` is the stored id itself; no need to visit the related table.
    if (!isMultiValue(field) && i === props.length - 2 && props[i + 1] === 'id')
      return finalize(st, ws, prop, opts);
    const target = st.ctx.registry.find(field.collection);
    if (!target) throw invalidFilter(`missing collection of relation ${JSON.stringify(prop)}`);
    ws = forwardHop(st, ws, field, target);
  }
  throw invalidFilter('empty field path');
}

/**
 * As in PocketBase: without hidden-field access (client filters of non-superusers), crossing into a
 * collection requires list access to it. A locked collection is a 400; a non-empty list rule must
 * hold on every related row, otherwise that row reads as missing.
 */
export function listRuleCondition(st: CompileState, collection: CollectionDef, alias: string): Sql | null {
  if (st.ctx.allowHidden) return null;
  if (collection.listRule === null) {
    throw invalidFilter(`fields of ${collection.name} can be filtered only by superusers`);
  }
  if (collection.listRule.trim() === '') return null;
  return st.compileRule(st, collection, alias, collection.listRule);
}

/** `cond AND rule` when the collection has a list rule to apply. */
export function withListRule(st: CompileState, cond: Sql, collection: CollectionDef, alias: string): Sql {
  const rule = listRuleCondition(st, collection, alias);
  return rule ? sql`${cond} AND ${rule}` : cond;
}

function forwardHop(st: CompileState, ws: WalkState, field: RelationField, target: CollectionDef): WalkState {
  const d = st.d;
  const tName = st.names.next('t');
  const t = raw(tName);
  const col = column(ws.alias, field.name);
  const table = sql`${ident(target.name)} AS ${t}`;
  if (!isMultiValue(field)) {
    const on = withListRule(st, sql`${column(t, 'id')} = ${col}`, target, tName);
    return ws.mode === 'row'
      ? { mode: 'join', from: table, where: on, alias: t, collection: target, multi: false }
      : { ...ws, from: sql`${ws.from} LEFT JOIN ${table} ON ${on}`, alias: t, collection: target };
  }
  const j = st.names.next('j');
  const link = sql` LEFT JOIN ${table} ON ${withListRule(st, sql`${column(t, 'id')} = ${raw(`${j}.value`)}`, target, tName)}`;
  const arr = d.jsonArray(col);
  return ws.mode === 'row'
    ? {
        mode: 'join',
        from: sql`${d.jsonEach(arr, j)}${link}`,
        where: null,
        alias: t,
        collection: target,
        multi: true,
      }
    : {
        ...ws,
        from: sql`${ws.from}${d.leftJoinEach(arr, j)}${link}`,
        alias: t,
        collection: target,
        multi: true,
      };
}

/** `other_via_field`: rows of `other` whose relation `field` points at the current row. */
function backHop(st: CompileState, ws: WalkState, other: CollectionDef, field: RelationField): WalkState {
  const d = st.d;
  const tName = st.names.next('t');
  const t = raw(tName);
  const table = sql`${ident(other.name)} AS ${t}`;
  const id = column(ws.alias, 'id');
  const link = isMultiValue(field)
    ? d.jsonContains(d.jsonArray(column(t, field.name)), id)
    : sql`${column(t, field.name)} = ${id}`;
  const on = withListRule(st, link, other, tName);
  return ws.mode === 'row'
    ? { mode: 'join', from: table, where: on, alias: t, collection: other, multi: true }
    : { ...ws, from: sql`${ws.from} LEFT JOIN ${table} ON ${on}`, alias: t, collection: other, multi: true };
}

/** Wraps a value computed on the walk's current table according to where the walk stands. */
function place(
  ws: WalkState,
  expr: Sql,
  kind: Kind,
  nullable: boolean,
  guard?: Sql,
): ScalarOperand | MultiOperand {
  if (ws.mode === 'row') return scalar(expr, kind, nullable, guard);
  const where = ws.where ? sql` WHERE ${ws.where}` : raw('');
  if (!ws.multi) {
    const sub = (e: Sql): Sql => sql`(SELECT ${e} FROM ${ws.from}${where})`;
    return scalar(sub(expr), kind, true, guard && sub(guard));
  }
  const select = guard
    ? sql`SELECT ${expr} AS v, ${guard} AS g FROM ${ws.from}${where}`
    : sql`SELECT ${expr} AS v FROM ${ws.from}${where}`;
  return { form: 'multi', kind, select, guarded: guard !== undefined };
}

function finalize(st: CompileState, ws: WalkState, prop: string, opts: WalkOptions): Operand {
  const d = st.d;
  const [name, modifier] = splitModifier(prop);
  const field = getField(ws.collection, name);
  if (!field) return missing(opts, st, `unknown field ${JSON.stringify(name)}`);
  checkHidden(st, field, name);
  const col = column(ws.alias, name);
  // As in PocketBase: without hidden-field access, an auth email only matches where it is public.
  const guard =
    field.name === 'email' && ws.collection.type === 'auth' && !st.ctx.allowHidden
      ? column(ws.alias, 'emailVisibility')
      : undefined;
  const multi = isMultiValue(field);

  switch (modifier) {
    case 'isset':
    case 'changed':
      throw invalidFilter(`:${modifier} is only allowed on @request fields`);
    case 'length':
      if (!isListField(field)) throw invalidFilter(`:length is not supported on ${JSON.stringify(name)}`);
      return place(
        ws,
        multi ? d.jsonLength(d.jsonArray(col)) : sql`(CASE WHEN ${col} = '' THEN 0 ELSE 1 END)`,
        'number',
        false,
      );
    case 'each': {
      if (!isListField(field)) throw invalidFilter(`:each is not supported on ${JSON.stringify(name)}`);
      if (!multi) return place(ws, col, 'text', false);
      const j = st.names.next('j');
      const arr = d.jsonArray(col);
      const v = raw(`${j}.value`);
      if (ws.mode === 'row')
        return {
          form: 'multi',
          kind: 'text',
          select: sql`SELECT ${v} AS v FROM ${d.jsonEach(arr, j)}`,
          guarded: false,
        };
      const where = ws.where ? sql` WHERE ${ws.where}` : raw('');
      return {
        form: 'multi',
        kind: 'text',
        select: sql`SELECT ${v} AS v FROM ${ws.from}${d.leftJoinEach(arr, j)}${where}`,
        guarded: false,
      };
    }
    default: {
      const [expr, kind, nullable] = plainValue(st, field, col);
      if (modifier === 'lower')
        return place(ws, sql`LOWER(${d.toText(expr, kind)})`, 'text', nullable, guard);
      return place(ws, expr, kind, nullable, guard);
    }
  }
}

/**
 * A column as a comparable value. Multi-value columns stay their JSON text (PocketBase compares
 * them raw, which keeps idioms like `members ~ @request.auth.id` working); JSON columns compare
 * as their decoded value.
 */
function plainValue(st: CompileState, field: Field, col: Sql): [Sql, Kind, boolean] {
  if (field.type === 'json') return [st.d.jsonValue(col, []), 'json', true];
  if (isMultiValue(field)) return [st.d.pg ? sql`CAST(${col} AS TEXT)` : col, 'text', false];
  return [col, valueKind(field), false];
}

/** `json.a.b.0[:lower]`: the rest of the path is a JSON path inside the column. */
function jsonPath(st: CompileState, ws: WalkState, field: Field, rest: string[]): Operand {
  const path = [...rest];
  const [lastKey, modifier] = splitModifier(path[path.length - 1]!);
  path[path.length - 1] = lastKey;
  if (path.some((p) => p === '')) throw invalidFilter('empty JSON path segment');
  if (modifier !== '' && modifier !== 'lower')
    throw invalidFilter(`:${modifier} is not supported on JSON paths`);
  const value = st.d.jsonValue(column(ws.alias, field.name), path);
  if (modifier === 'lower') return place(ws, sql`LOWER(${st.d.toText(value, 'json')})`, 'text', true);
  return place(ws, value, 'json', true);
}

/**
 * Starts a walk at records known by id at compile time (`@request.auth.rel.*`,
 * `@request.body.rel.*`): no ids means the whole path is NULL, as in PocketBase.
 */
export function walkFromIds(st: CompileState, field: RelationField, value: unknown, rest: string[]): Operand {
  const ids = [...new Set(toSlice(value).filter((v): v is string => typeof v === 'string' && v !== ''))];
  if (ids.length === 0) return literal(st.d, null);
  const target = st.ctx.registry.find(field.collection);
  if (!target) throw invalidFilter(`missing collection of relation ${JSON.stringify(field.name)}`);
  const tName = st.names.next('t');
  const t = raw(tName);
  const j = st.names.next('j');
  const byId =
    ids.length === 1
      ? sql`${column(t, 'id')} = ${st.d.param(ids[0], 'text')}`
      : sql`${column(t, 'id')} IN (SELECT ${raw(`${j}.value`)} FROM ${st.d.jsonEach(st.d.param(ids, 'json'), j)})`;
  const start: WalkState = {
    mode: 'join',
    from: sql`${ident(target.name)} AS ${t}`,
    where: withListRule(st, byId, target, tName),
    alias: t,
    collection: target,
    multi: ids.length > 1 || isMultiValue(field),
  };
  return walkPath(st, start, rest, { missingAsNull: true });
}

/** A value as a list: nothing for null/undefined, the array itself, or a one-item list. */
export function toSlice(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

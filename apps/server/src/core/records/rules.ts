/**
 * API rule evaluation (PocketBase's API rules): rules compile to SQL so list rules filter rows in the query
 * itself and single-record rules are one indexed lookup.
 */
import { compileFilter, type FilterContext, type RequestInfo } from '../filter/compile.js';
import type { Db } from '../db/db.js';
import { q } from '../db/db.js';
import type { CollectionDef, Rule } from '../schema/collection.js';
import type { CollectionRegistry } from '../schema/registry.js';
import type { Caller } from './caller.js';
import { encodeValue, type RecordData } from './codec.js';
import { isMultiValue, type Field } from '../schema/fields.js';
import { memoizedRule, type CompiledRule } from './rule-memo.js';

export const BASE_ALIAS = 'r';

export type RuleInput = {
  /** `@request.body` after modifiers. */
  body?: Record<string, unknown>;
  /** The stored record, for `:changed`. */
  existing?: RecordData | null;
};

/**
 * The request as rules see it. A class, so building one per rule check is cheap; headers and the
 * query are read only by rules that name them (an HTTP caller builds them on first use).
 */
class CallerRequest implements RequestInfo {
  readonly auth: RequestInfo['auth'];
  readonly method: string;
  readonly context: string;

  constructor(
    private readonly caller: Caller,
    readonly body: Record<string, unknown>,
  ) {
    this.auth = caller.auth ? { collection: caller.auth.collection, record: caller.auth.record } : null;
    this.method = caller.method;
    this.context = caller.context;
  }

  get headers(): Record<string, string> {
    return this.caller.headers;
  }

  get query(): Record<string, string> {
    return this.caller.query;
  }
}

/** The request as `caller`'s rules and filters see it (no body). */
export function callerRequest(caller: Caller): RequestInfo {
  return new CallerRequest(caller, {});
}

export function filterContext(
  db: Db,
  registry: CollectionRegistry,
  collection: CollectionDef,
  caller: Caller,
  opts: { forRule: boolean; superuser: boolean } & RuleInput,
  request: RequestInfo = new CallerRequest(caller, opts.body ?? {}),
): FilterContext {
  return {
    dialect: db.dialect,
    registry,
    collection,
    alias: BASE_ALIAS,
    request,
    allowHidden: opts.forRule || opts.superuser,
    allowRequestAndCollection: opts.forRule || opts.superuser,
    existing: opts.existing ?? null,
  };
}

/**
 * SQL condition for a non-null rule, or null when the rule is empty (everyone). Without a write's
 * body or stored record the compilation is memoised (rule-memo.ts).
 */
export function ruleCondition(
  db: Db,
  registry: CollectionRegistry,
  collection: CollectionDef,
  rule: string,
  caller: Caller,
  input: RuleInput = {},
): CompiledRule | null {
  if (rule.trim() === '') return null;
  const opts = { forRule: true, superuser: false, ...input };
  if (input.body !== undefined || input.existing !== undefined)
    return compileFilter(rule, filterContext(db, registry, collection, caller, opts));
  return memoizedRule(
    { registry, collection, dialect: db.dialect, rule },
    new CallerRequest(caller, {}),
    (request, onMacro) =>
      compileFilter(rule, { ...filterContext(db, registry, collection, caller, opts, request), onMacro }),
  );
}

/** Whether the stored record `id` satisfies `rule` for this caller. */
export async function recordMatchesRule(
  db: Db,
  registry: CollectionRegistry,
  collection: CollectionDef,
  rule: Rule,
  caller: Caller,
  id: string,
  input: RuleInput = {},
): Promise<boolean> {
  if (rule === null) return false;
  const cond = ruleCondition(db, registry, collection, rule, caller, input);
  if (!cond) return true;
  const row = await db.get(
    `SELECT 1 AS ok FROM ${q(collection.name)} ${BASE_ALIAS} WHERE ${BASE_ALIAS}."id" = ? AND (${cond.sql})`,
    [id, ...cond.params],
  );
  return row !== undefined;
}

/**
 * Whether a record given by its values (not necessarily stored: a deleted record, a record about
 * to be created) satisfies `rule`. The values become a one-row derived table named like the base
 * alias, so the rule compiles exactly as it does against the real table.
 */
export async function valuesMatchRule(
  db: Db,
  registry: CollectionRegistry,
  collection: CollectionDef,
  rule: Rule,
  caller: Caller,
  data: RecordData,
  extra?: CompiledRule | null,
): Promise<boolean> {
  if (rule === null) return false;
  const cond = ruleCondition(db, registry, collection, rule, caller);
  if (!cond && !extra) return true;
  const cols: string[] = [];
  const params: unknown[] = [];
  for (const field of collection.fields) {
    cols.push(`${castParam(db, field)} AS ${q(field.name)}`);
    params.push(encodeValue(field, data[field.name]));
  }
  const where = [cond?.sql, extra?.sql]
    .filter(Boolean)
    .map((s) => `(${s})`)
    .join(' AND ');
  const row = await db.get(`SELECT 1 AS ok FROM (SELECT ${cols.join(', ')}) ${BASE_ALIAS} WHERE ${where}`, [
    ...params,
    ...(cond?.params ?? []),
    ...(extra?.params ?? []),
  ]);
  return row !== undefined;
}

/** A bound value typed like its column (PostgreSQL infers nothing from a bare parameter). */
export function castParam(db: Db, field: Field): string {
  if (db.dialect === 'sqlite') return '?';
  if (isMultiValue(field) || field.type === 'json') return 'CAST(? AS JSONB)';
  if (field.type === 'number') return 'CAST(? AS DOUBLE PRECISION)';
  if (field.type === 'bool') return 'CAST(? AS BOOLEAN)';
  return 'CAST(? AS TEXT)';
}

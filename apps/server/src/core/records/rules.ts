/**
 * API rule evaluation (protocol §3.6): rules compile to SQL so list rules filter rows in the query
 * itself and single-record rules are one indexed lookup.
 */
import { compileFilter, type FilterContext } from '../../tools/filter/compile.js';
import type { Db } from '../db/db.js';
import { q } from '../db/db.js';
import type { CollectionDef, Rule } from '../schema/collection.js';
import type { CollectionRegistry } from '../schema/registry.js';
import type { Caller } from './caller.js';
import type { RecordData } from './codec.js';

export const BASE_ALIAS = 'r';

export type RuleInput = {
  /** `@request.body` after modifiers. */
  body?: Record<string, unknown>;
  /** The stored record, for `:changed`. */
  existing?: RecordData | null;
};

export function filterContext(
  db: Db,
  registry: CollectionRegistry,
  collection: CollectionDef,
  caller: Caller,
  opts: { forRule: boolean; superuser: boolean } & RuleInput,
): FilterContext {
  return {
    dialect: db.dialect,
    registry,
    collection,
    alias: BASE_ALIAS,
    request: {
      auth: caller.auth ? { collection: caller.auth.collection, record: caller.auth.record } : null,
      method: caller.method,
      context: caller.context,
      headers: caller.headers,
      query: caller.query,
      body: opts.body ?? {},
    },
    allowHidden: opts.forRule || opts.superuser,
    allowRequestAndCollection: opts.forRule || opts.superuser,
    existing: opts.existing ?? null,
  };
}

/** SQL condition for a non-null rule, or null when the rule is empty (everyone). */
export function ruleCondition(
  db: Db,
  registry: CollectionRegistry,
  collection: CollectionDef,
  rule: string,
  caller: Caller,
  input: RuleInput = {},
): { sql: string; params: unknown[] } | null {
  if (rule.trim() === '') return null;
  return compileFilter(rule, filterContext(db, registry, collection, caller, { forRule: true, superuser: false, ...input }));
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

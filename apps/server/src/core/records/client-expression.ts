/**
 * A list request's `filter` and `sort`, compiled through the rule memo (rule-memo.ts): the same
 * text for the same kind of caller and the same request values read is the same SQL, so it is
 * compiled once, and the query still runs against the current rows on every request. A filter that
 * does not compile throws each time (nothing is kept for it).
 */
import type { Db } from '../db/db.js';
import { compileFilter, compileSort } from '../filter/compile.js';
import type { CollectionDef } from '../schema/collection.js';
import type { CollectionRegistry } from '../schema/registry.js';
import type { Caller } from './caller.js';
import { memoizedRule, type CompiledRule } from './rule-memo.js';
import { callerRequest, filterContext } from './rules.js';

type Target = {
  db: Db;
  registry: CollectionRegistry;
  collection: CollectionDef;
  caller: Caller;
  superuser: boolean;
};

function compiled(t: Target, kind: 'filter' | 'sort', text: string): CompiledRule {
  const compile = kind === 'filter' ? compileFilter : compileSort;
  const opts = { forRule: false, superuser: t.superuser };
  return memoizedRule(
    {
      registry: t.registry,
      collection: t.collection,
      dialect: t.db.dialect,
      rule: text,
      use: t.superuser ? `${kind}+superuser` : kind,
    },
    callerRequest(t.caller),
    (request, onMacro) =>
      compile(text, { ...filterContext(t.db, t.registry, t.collection, t.caller, opts, request), onMacro }),
  );
}

/** The client's filter as a SQL condition. @throws {ApiError} 400/403 as `compileFilter`. */
export function clientFilter(t: Target, filter: string): CompiledRule {
  return compiled(t, 'filter', filter);
}

/** The client's sort as an ORDER BY list. @throws {ApiError} 400/403 as `compileSort`. */
export function clientSort(t: Target, sort: string): CompiledRule {
  return compiled(t, 'sort', sort);
}

/**
 * Compiled API rules, and a list request's filter and sort, memoised: the same expression compiled
 * for the same request values is the same SQL text with the same parameters, so the compilation
 * (not its outcome) is kept. The SQL still runs
 * against the current rows on every request; a revoked token, an edited rule or a changed record
 * takes effect on the next request because none of them is part of what is kept:
 * - the rule text is part of the key (an edited rule is another entry);
 * - the auth record is whatever the request loaded, and its values read by the rule are part of the
 *   key (request-reads.ts replays exactly the reads the compiler made);
 * - the schema a rule compiles against (a registry and its collections) is fixed once the App is
 *   open, and entries are per registry and collection object.
 * Not kept: compilations that read a date macro (they depend on the clock) and those that fail.
 */
import type { Dialect } from '../db/db.js';
import type { RequestInfo } from '../filter/context.js';
import type { CollectionDef } from '../schema/collection.js';
import type { CollectionRegistry } from '../schema/registry.js';
import { replayReads, traceRequest, type RequestReads } from './request-reads.js';

export type CompiledRule = { readonly sql: string; readonly params: readonly unknown[] };

/** Distinct request values kept per shape; realtime holds one per subscribed user. */
const MAX_VALUES_PER_SHAPE = 20_000;
/** Distinct read sequences kept per rule (guest, user, superuser-like branches). */
const MAX_SHAPES = 16;

type Shape = { ops: RequestReads['ops']; compiled: Map<string, CompiledRule> };
type RuleEntry = { shapes: Map<string, Shape> };
type Entries = { rules: Map<string, RuleEntry>; clientExpressions: Map<string, RuleEntry> };

/**
 * Client filters and sorts kept per collection. Unlike rules they come from the caller, so their
 * number is bounded (oldest dropped) and they have a map of their own: a stream of distinct filters
 * cannot push the rules' entries out.
 */
const MAX_CLIENT_EXPRESSIONS = 500;

const memo = new WeakMap<CollectionRegistry, WeakMap<CollectionDef, Entries>>();

function entryFor(key: RuleKey): RuleEntry {
  let byCollection = memo.get(key.registry);
  if (!byCollection) memo.set(key.registry, (byCollection = new WeakMap()));
  let entries = byCollection.get(key.collection);
  if (!entries)
    byCollection.set(key.collection, (entries = { rules: new Map(), clientExpressions: new Map() }));
  const use = key.use ?? 'rule';
  const map = use === 'rule' ? entries.rules : entries.clientExpressions;
  const mapKey = `${key.dialect}\n${use}\n${key.rule}`;
  let entry = map.get(mapKey);
  if (!entry) {
    if (use !== 'rule' && map.size >= MAX_CLIENT_EXPRESSIONS) map.delete(map.keys().next().value as string);
    map.set(mapKey, (entry = { shapes: new Map() }));
  }
  return entry;
}

/** What an expression compiles against besides the request. */
export type RuleKey = {
  registry: CollectionRegistry;
  collection: CollectionDef;
  dialect: Dialect;
  /** The expression's text: a rule, or a client's filter or sort. */
  rule: string;
  /**
   * What the text is compiled as, when not an API rule: a client filter or sort, for a superuser or
   * not (the two see different fields). Each is its own entry.
   */
  use?: 'rule' | 'filter' | 'filter+superuser' | 'sort' | 'sort+superuser';
};

/**
 * `compile(request, onMacro)` for `key.rule`, or the same result kept from an earlier compilation
 * that read the same values of `request`. `compile` must read the request only through the one it
 * is given and call `onMacro` when a date macro is read.
 */
export function memoizedRule(
  key: RuleKey,
  request: RequestInfo,
  compile: (request: RequestInfo, onMacro: () => void) => { sql: string; params: unknown[] },
): CompiledRule {
  const entry = entryFor(key);
  for (const shape of entry.shapes.values()) {
    const valueKey = replayReads(shape.ops, request);
    const hit = valueKey === null ? undefined : shape.compiled.get(valueKey);
    if (hit) return hit;
  }
  const trace = traceRequest(request);
  let clock = false;
  const result = compile(trace.request, () => (clock = true));
  const compiled: CompiledRule = Object.freeze({ sql: result.sql, params: Object.freeze(result.params) });
  if (clock) return compiled;
  const reads = trace.finish();
  let shape = entry.shapes.get(reads.shapeKey);
  if (!shape) {
    if (entry.shapes.size >= MAX_SHAPES) entry.shapes.delete(entry.shapes.keys().next().value as string);
    entry.shapes.set(reads.shapeKey, (shape = { ops: reads.ops, compiled: new Map() }));
  }
  if (shape.compiled.size >= MAX_VALUES_PER_SHAPE)
    shape.compiled.delete(shape.compiled.keys().next().value as string);
  shape.compiled.set(reads.valueKey, compiled);
  return compiled;
}

/**
 * `?expand=` (PocketBase's expand): relations and `<collection>_via_<field>` back-relations, nested with
 * dots up to 6 levels. Each related collection's view rule applies with context "expand"; what the
 * caller may not see is silently left out.
 */
import { q, type Db } from '../db/db.js';
import { isMultiValue, type RelationField } from '../schema/fields.js';
import { getField, type CollectionDef } from '../schema/collection.js';
import type { App } from '../app.js';
import { isSuperuser, type Caller } from './caller.js';
import { decodeRow, type RecordData } from './codec.js';
import { BASE_ALIAS, ruleCondition } from './rules.js';
import { serializeRecord, visibilityFor, type RecordJson } from './serialize.js';
import { revealEmails } from './email-visibility.js';

type Tree = Map<string, Tree>;
const MAX_DEPTH = 6;
const BACK_RELATION_LIMIT = 1000;

export function parseExpand(expand: string): Tree {
  const root: Tree = new Map();
  for (const path of expand.split(',')) {
    const parts = path.trim().split('.').filter(Boolean).slice(0, MAX_DEPTH);
    let node = root;
    for (const part of parts) {
      let next = node.get(part);
      if (!next) node.set(part, (next = new Map()));
      node = next;
    }
  }
  return root;
}

export type Expandable = { data: RecordData; json: RecordJson };

async function fetchVisible(
  app: App,
  db: Db,
  target: CollectionDef,
  caller: Caller,
  where: string,
  params: unknown[],
): Promise<RecordData[] | null> {
  const su = isSuperuser(caller);
  if (!su && target.viewRule === null) return null;
  const expandCaller: Caller = { ...caller, context: 'expand' };
  const cond =
    su || target.viewRule === null
      ? null
      : ruleCondition(db, app.registry, target, target.viewRule, expandCaller);
  const sql = `SELECT ${BASE_ALIAS}.* FROM ${q(target.name)} ${BASE_ALIAS} WHERE (${where})${cond ? ` AND (${cond.sql})` : ''}`;
  const rows = await db.all(sql, [...params, ...(cond?.params ?? [])]);
  return rows.map((row) => decodeRow(target, row));
}

function placeholders(n: number): string {
  return new Array(n).fill('?').join(', ');
}

/** Resolves `name` on `collection` into a forward or back relation. */
function resolveRelation(
  app: App,
  collection: CollectionDef,
  name: string,
):
  | { kind: 'forward'; field: RelationField; target: CollectionDef }
  | { kind: 'back'; field: RelationField; target: CollectionDef }
  | null {
  const field = getField(collection, name);
  if (field?.type === 'relation') {
    const target = app.registry.find(field.collection);
    return target ? { kind: 'forward', field, target } : null;
  }
  const m = /^(\w+)_via_(\w+)$/.exec(name) ?? /^(\w+)\((\w+)\)$/.exec(name);
  if (!m) return null;
  const target = app.registry.find(m[1]!);
  const back = target && getField(target, m[2]!);
  if (!target || back?.type !== 'relation' || app.registry.find(back.collection)?.id !== collection.id)
    return null;
  return { kind: 'back', field: back, target };
}

export async function expandRecords(
  app: App,
  collection: CollectionDef,
  items: Expandable[],
  tree: Tree,
  caller: Caller,
  db: Db = app.db,
): Promise<void> {
  for (const item of items) item.json.expand ??= {};
  if (items.length === 0) return;
  for (const [name, subtree] of tree) {
    const rel = resolveRelation(app, collection, name);
    if (!rel) continue;
    if (rel.kind === 'forward') {
      const ids = new Set<string>();
      for (const item of items) {
        const v = item.data[rel.field.name];
        for (const id of Array.isArray(v) ? v : v ? [v] : []) ids.add(String(id));
      }
      if (ids.size === 0) continue;
      const rows = await fetchVisible(
        app,
        db,
        rel.target,
        caller,
        `${BASE_ALIAS}."id" IN (${placeholders(ids.size)})`,
        [...ids],
      );
      if (!rows) continue;
      const related = await toExpandables(app, db, rel.target, rows, subtree, caller);
      const byId = new Map(related.map((r) => [r.data.id as string, r.json]));
      for (const item of items) {
        const v = item.data[rel.field.name];
        if (isMultiValue(rel.field)) {
          const list = (v as string[]).map((id) => byId.get(id)).filter((x) => x !== undefined);
          if (list.length) item.json.expand![name] = list;
        } else if (typeof v === 'string' && byId.has(v)) {
          item.json.expand![name] = byId.get(v);
        }
      }
    } else {
      const col = `${BASE_ALIAS}.${q(rel.field.name)}`;
      const ids = items.map((i) => i.data.id as string);
      const where = isMultiValue(rel.field)
        ? db.dialect === 'sqlite'
          ? `EXISTS (SELECT 1 FROM json_each(${col}) je WHERE je.value IN (${placeholders(ids.length)}))`
          : `EXISTS (SELECT 1 FROM jsonb_array_elements_text(${col}) je(value) WHERE je.value IN (${placeholders(ids.length)}))`
        : `${col} IN (${placeholders(ids.length)})`;
      const rows = await fetchVisible(app, db, rel.target, caller, where, ids);
      if (!rows) continue;
      const related = await toExpandables(app, db, rel.target, rows, subtree, caller);
      // note: a back-relation whose field is single and unique-indexed yields one record, not a list.
      const single =
        !isMultiValue(rel.field) &&
        rel.target.indexes.some(
          (ix) => ix.unique && ix.columns.length === 1 && ix.columns[0] === rel.field.name,
        );
      for (const item of items) {
        const mine = related.filter((r) => {
          const v = r.data[rel.field.name];
          return Array.isArray(v) ? v.includes(item.data.id) : v === item.data.id;
        });
        const limited = mine.slice(0, BACK_RELATION_LIMIT).map((r) => r.json);
        if (limited.length) item.json.expand![name] = single ? limited[0] : limited;
      }
    }
  }
}

async function toExpandables(
  app: App,
  db: Db,
  collection: CollectionDef,
  rows: RecordData[],
  subtree: Tree,
  caller: Caller,
): Promise<Expandable[]> {
  const out = rows.map((data) => ({
    data,
    json: serializeRecord(collection, data, visibilityFor(collection, data, caller)),
  }));
  await revealEmails(app, db, collection, out, caller);
  if (subtree.size) await expandRecords(app, collection, out, subtree, caller, db);
  return out;
}

/**
 * A collection as PocketBase's collections API shows it: rules, fields with stable
 * ids, indexes as the SQL PocketBase would store, and for auth collections the options blocks.
 */
import { createdIndex, indexSql, type IndexSqlStyle } from '../db/ddl.js';
import type { CollectionDef } from '../schema/collection.js';
import type { CollectionRegistry } from '../schema/registry.js';
import type { Settings } from '../settings/settings.js';
import { authOptionsJson } from './auth-options-json.js';
import { fieldJson, type FieldJson } from './field-json.js';

export type CollectionJson = {
  id: string;
  name: string;
  type: 'base' | 'auth' | 'view';
  system: boolean;
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  fields: FieldJson[];
  indexes: string[];
  created: string;
  updated: string;
} & Record<string, unknown>;

/** What the JSON needs besides the definition: other collections (relation ids) and live settings. */
export type CollectionJsonContext = {
  registry: CollectionRegistry;
  settings: Settings;
  /** When the schema was first created and last migrated: collections change only with a deploy. */
  created: string;
  updated: string;
};

// PocketBase keeps indexes in SQLite's syntax with backtick quoting, whatever engine runs here.
const PB_STYLE: IndexSqlStyle = { quote: (id) => `\`${id.replace(/`/g, '``')}\``, ifNotExists: false };

function indexes(c: CollectionDef): string[] {
  const all = [...c.indexes];
  const created = createdIndex(c);
  if (created) all.push(created);
  return all.map((index) => indexSql(c.name, index, 'sqlite', PB_STYLE));
}

export function collectionJson(c: CollectionDef, ctx: CollectionJsonContext): CollectionJson {
  const base: CollectionJson = {
    id: c.id,
    name: c.name,
    type: c.type,
    system: c.system,
    listRule: c.listRule,
    viewRule: c.viewRule,
    createRule: c.createRule,
    updateRule: c.updateRule,
    deleteRule: c.deleteRule,
    fields: c.fields.map((field) => fieldJson(c, field, ctx.registry)),
    indexes: indexes(c),
    created: ctx.created,
    updated: ctx.updated,
  };
  return c.type === 'auth' ? { ...base, ...authOptionsJson(c, ctx.settings) } : base;
}

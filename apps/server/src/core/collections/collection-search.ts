/**
 * Filter, sort and paging over the collection list, in the records API's filter language
 * limited to PocketBase's searchable keys: id, name, type, system, created, updated. The registry
 * lives in memory, so the rows go into a throwaway in-memory SQLite table and the filter compiles
 * exactly as it does for records, instead of through a second evaluator.
 */
import { SqliteDb } from '../db/sqlite.js';
import { ensureCollection } from '../db/ddl.js';
import { defineCollection } from '../schema/collection.js';
import { f } from '../schema/fields.js';
import { CollectionRegistry } from '../schema/registry.js';
import { parseBoolParam, parseIntParam } from '../records/list.js';
import { compileFilter, compileSort, type FilterContext } from '../filter/compile.js';

export type SearchRow = {
  id: string;
  name: string;
  type: string;
  system: boolean;
  created: string;
  updated: string;
};
export type SearchParams = {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string;
  skipTotal?: string;
};
export type SearchResult = {
  ids: string[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
};

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 1000;
const ALIAS = 'c';

const searchCollection = defineCollection({
  name: '_collections',
  noAutodates: true,
  fields: [
    f.text('name'),
    f.select('type', ['base', 'auth', 'view']),
    f.bool('system'),
    f.autodate('created', true, false),
    f.autodate('updated', true, true),
  ],
});
const searchRegistry = new CollectionRegistry([searchCollection]);

const context: FilterContext = {
  dialect: 'sqlite',
  registry: searchRegistry,
  collection: searchCollection,
  alias: ALIAS,
  request: null,
  allowHidden: true,
  allowRequestAndCollection: true,
};

/** @throws {ApiError} 400 for a bad filter, sort or paging value. */
export async function searchCollections(rows: SearchRow[], params: SearchParams): Promise<SearchResult> {
  const page = parseIntParam(params.page, 1);
  const perPage = Math.min(parseIntParam(params.perPage, DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const skipTotal = parseBoolParam(params.skipTotal);
  const cond = params.filter?.trim() ? compileFilter(params.filter, context) : null;
  const sort = params.sort?.trim() ? compileSort(params.sort, context) : null;

  const db = SqliteDb.open(':memory:');
  try {
    await ensureCollection(db, searchCollection);
    for (const r of rows) {
      await db.run(
        `INSERT INTO "_collections" ("id", "name", "type", "system", "created", "updated") VALUES (?, ?, ?, ?, ?, ?)`,
        [r.id, r.name, r.type, r.system ? 1 : 0, r.created, r.updated],
      );
    }
    const where = cond ? ` WHERE (${cond.sql})` : '';
    const whereParams = cond?.params ?? [];
    // Definition order by default; equal sort keys keep it, in the direction of the first key.
    const tieDir = sort && params.sort!.trim().startsWith('-') ? 'DESC' : 'ASC';
    const order = `${sort ? `${sort.sql}, ` : ''}"${ALIAS}"._rowid_ ${tieDir}`;
    const from = `FROM "_collections" "${ALIAS}"${where}`;
    const found = await db.all<{ id: string }>(
      `SELECT "${ALIAS}"."id" ${from} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [...whereParams, ...(sort?.params ?? []), perPage, (page - 1) * perPage],
    );
    let totalItems = -1;
    let totalPages = -1;
    if (!skipTotal) {
      const count = await db.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, whereParams);
      totalItems = Number(count?.n ?? 0);
      totalPages = Math.ceil(totalItems / perPage);
    }
    return { ids: found.map((r) => r.id), page, perPage, totalItems, totalPages };
  } finally {
    await db.close();
  }
}

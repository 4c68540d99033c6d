/**
 * The read side of PocketBase's collections API over the registry: the list with
 * filter, sort and paging, one collection by id or name, and blank collections per type.
 * Collections are declared in code, so there is no write side (see `defined-in-code.ts`).
 */
import type { App } from '../app.js';
import { ApiError } from '../errors.js';
import { collectionJson, type CollectionJson, type CollectionJsonContext } from './collection-json.js';
import { searchCollections, type SearchParams } from './collection-search.js';

export type CollectionList = {
  items: CollectionJson[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
};

/**
 * The schema's dates: created when the first migration ran, updated when the last one did. Every
 * collection shares them; their definitions change only with a deploy that migrates.
 */
async function schemaDates(app: App): Promise<{ created: string; updated: string }> {
  const row = await app.db.get<{ first: string | null; last: string | null }>(
    `SELECT MIN("applied") AS "first", MAX("applied") AS "last" FROM "_migrations"`,
  );
  return { created: row?.first ?? '', updated: row?.last ?? '' };
}

export async function collectionsContext(app: App): Promise<CollectionJsonContext> {
  return { registry: app.registry, settings: app.settings.get(), ...(await schemaDates(app)) };
}

export async function listCollections(app: App, params: SearchParams): Promise<CollectionList> {
  const ctx = await collectionsContext(app);
  const all = app.registry.all();
  const rows = all.map((c) => ({
    id: c.id,
    name: c.name,
    type: c.type,
    system: c.system,
    created: ctx.created,
    updated: ctx.updated,
  }));
  const { ids, ...paging } = await searchCollections(rows, params);
  return { ...paging, items: ids.map((id) => collectionJson(app.registry.require(id), ctx)) };
}

/** @throws {ApiError} 404 when no collection has that id or name. */
export async function viewCollection(app: App, idOrName: string): Promise<CollectionJson> {
  const c = app.registry.find(idOrName);
  if (!c) throw ApiError.notFound();
  return collectionJson(c, await collectionsContext(app));
}

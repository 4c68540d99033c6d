import { ApiError } from '../errors.js';
import type { CollectionDef } from './collection.js';

/** Every collection the app knows, by name and by id. */
export class CollectionRegistry {
  private readonly byKey = new Map<string, CollectionDef>();
  private readonly list: CollectionDef[] = [];

  constructor(collections: readonly CollectionDef[] = []) {
    for (const c of collections) this.register(c);
  }

  register(collection: CollectionDef): void {
    if (this.byKey.has(collection.name) || this.byKey.has(collection.id)) {
      throw new Error(`collection ${collection.name} is already registered`);
    }
    this.byKey.set(collection.name, collection);
    this.byKey.set(collection.id, collection);
    this.list.push(collection);
  }

  /** Finds a collection by name or id. */
  find(nameOrId: string): CollectionDef | undefined {
    return this.byKey.get(nameOrId);
  }

  /** @throws {ApiError} 404 "Missing collection context." */
  require(nameOrId: string): CollectionDef {
    const c = this.byKey.get(nameOrId);
    if (!c) throw ApiError.notFound('Missing collection context.');
    return c;
  }

  all(): readonly CollectionDef[] {
    return this.list;
  }
}

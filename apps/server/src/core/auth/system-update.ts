import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import { systemCaller } from '../records/caller.js';
import type { Saved } from '../records/record-service.js';

/**
 * Updates a record on the server's own authority (a confirmed token or code is the permission):
 * the normal update path, so auth-field rules (hashing, tokenKey rotation) and events still apply.
 */
export function updateAsSystem(
  app: App,
  collection: CollectionDef,
  id: string,
  body: Record<string, unknown>,
): Promise<Saved> {
  return app.records.update(collection, systemCaller(app.registry.require('_superusers')), id, body);
}

/**
 * Every collection definition the server knows: the platform's, then each module's in list order.
 * The one place to read them all (the shared contract's type generator imports `allCollections`).
 */
import { platformCollections } from '../core/collections/index.js';
import type { CollectionDef } from '../core/schema/collection.js';
import { modules } from '../modules.js';

/** The modules' collections only (the photoshoot domain). */
export const domainCollections: readonly CollectionDef[] = modules.flatMap((m) => m.collections ?? []);

/** Every collection, platform first. */
export const productCollections: readonly CollectionDef[] = [...platformCollections, ...domainCollections];

export function allCollections(): CollectionDef[] {
  return [...productCollections];
}

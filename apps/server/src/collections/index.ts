import type { CollectionDef } from '../core/schema/collection.js';
import { superusers } from './superusers.js';
import { users } from './users.js';

/** Every product collection, in dependency order (relations point backwards). */
export const productCollections: CollectionDef[] = [superusers, users];

import type { CollectionDef } from '../schema/collection.js';
import { externalAuths } from './external-auths.js';
import { superusers } from './superusers.js';
import { users } from './users.js';

/** The platform's own collections (PocketBase's system ones and the users the product signs in). */
export const platformCollections: readonly CollectionDef[] = [superusers, users, externalAuths];

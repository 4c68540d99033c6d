/**
 * The `_logs` table of the auxiliary database, declared as a collection so the API's filter and
 * sort language (PocketBase's logs API sorts and filters by id, created, level, message, data.*)
 * compiles against it unchanged. It is never registered with the app's collections: it lives in
 * another database.
 */
import { defineCollection } from '../schema/collection.js';
import { f } from '../schema/fields.js';
import { CollectionRegistry } from '../schema/registry.js';

export const logsCollection = defineCollection({
  name: '_logs',
  system: true,
  noAutodates: true,
  fields: [
    f.autodate('created', true, false),
    f.number('level', { onlyInt: true }),
    f.text('message'),
    f.json('data'),
  ],
  indexes: [{ name: 'idx_logs_level', columns: ['level'] }],
});

/** A registry holding only `_logs`, for filter compilation. */
export const logsRegistry = new CollectionRegistry([logsCollection]);

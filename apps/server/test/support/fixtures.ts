/** Test-only collections of the PocketBase acceptance scenarios the contract tests run. */
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';

export const pub = defineCollection({
  name: 'pub',
  fields: [
    f.text('title', { required: true, min: 3 }),
    f.bool('active'),
    f.number('total'),
    f.select('tags', ['a', 'b', 'c'], { maxSelect: 3 }),
  ],
  indexes: [{ name: 'idx_pub_title', columns: ['title'], unique: true }],
  listRule: '',
  viewRule: '',
  createRule: '',
  updateRule: '',
  deleteRule: '',
});

export const locked = defineCollection({
  name: 'locked',
  fields: [
    f.text('title'),
    f.relation('rel_one', 'pub'),
    f.relation('rel_many', 'pub', { maxSelect: 10 }),
    f.relation('rel_required', 'pub', { required: false }),
  ],
});

export const owned = defineCollection({
  name: 'owned',
  fields: [f.text('title'), f.relation('author', 'users')],
  listRule: 'author = @request.auth.id',
  viewRule: 'author = @request.auth.id',
  createRule: "@request.auth.id != ''",
  updateRule: 'author = @request.auth.id',
  deleteRule: 'author = @request.auth.id',
});

/** Holds a required, non-cascading relation to `pub` (so deleting the record it points at is refused). */
export const pinned = defineCollection({
  name: 'pinned',
  fields: [f.relation('target', 'pub', { required: true })],
  listRule: '',
  viewRule: '',
  createRule: '',
});

export const nopass = defineCollection({
  name: 'nopass',
  type: 'auth',
  fields: [],
  listRule: '',
  viewRule: '',
  auth: { passwordAuth: { enabled: false, identityFields: [] } },
});

export const scenarioCollections = [pub, locked, owned, pinned, nopass];

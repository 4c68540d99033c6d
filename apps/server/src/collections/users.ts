import { defineCollection } from '../core/schema/collection.js';
import { f } from '../core/schema/fields.js';

/** Customers. Each user sees and edits only themselves; registration is an open create. */
export const users = defineCollection({
  name: 'users',
  id: '_pb_users_auth_',
  type: 'auth',
  fields: [
    f.text('name', { max: 255 }),
    f.text('companyName', { max: 255 }),
    f.file('avatar', {
      maxSize: 5 * 1024 * 1024,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      thumbs: ['100x100'],
    }),
  ],
  listRule: 'id = @request.auth.id',
  viewRule: 'id = @request.auth.id',
  createRule: '',
  updateRule: 'id = @request.auth.id',
  deleteRule: 'id = @request.auth.id',
});

import { defineCollection } from '../schema/collection.js';
import { f } from '../schema/fields.js';
import { all, AUTHED } from '../schema/rule-parts.js';

/**
 * The caller is an owner or admin of a team the record belongs to: two memberships of the same
 * team, the caller's (`mine`, with an admin role) and the record's (`theirs`). Each alias is one
 * joined row, so each role check holds on the caller's own membership.
 */
const ADMIN_OF_MEMBER = all(
  AUTHED,
  '@collection.team_members:mine.user ?= @request.auth.id',
  "(@collection.team_members:mine.role ?= 'owner' || @collection.team_members:mine.role ?= 'admin')",
  '@collection.team_members:theirs.team ?= @collection.team_members:mine.team',
  '@collection.team_members:theirs.user ?= id',
);

/** Themselves, or the owners and admins of a team they are in. */
const SELF_OR_TEAM_ADMIN = `id = @request.auth.id || (${ADMIN_OF_MEMBER})`;

/**
 * Customers. Each user sees and edits only themselves; registration is an open create. Team owners
 * and admins also see their members, email included (the team dashboard lists who is who); other
 * members of a team see only membership rows, not each other's accounts.
 */
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
  listRule: SELF_OR_TEAM_ADMIN,
  viewRule: SELF_OR_TEAM_ADMIN,
  createRule: '',
  updateRule: 'id = @request.auth.id',
  deleteRule: 'id = @request.auth.id',
  auth: { emailRule: ADMIN_OF_MEMBER },
});

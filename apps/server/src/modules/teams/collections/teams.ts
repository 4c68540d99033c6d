import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { all, AUTHED, IMAGE_TYPES } from '../../../core/schema/rule-parts.js';
import { adminOf, memberOf } from '../../photoshoots/team-rules.js';

/**
 * A company buying seats in bulk. Members read it; team owners and admins edit its name, branding
 * and styles. Seats and the owner are server-managed (a team package purchase adds seats; a
 * submitted member photoshoot uses one). Creating a team goes through the team flow endpoint,
 * which also writes the owner's membership in the same transaction.
 */
export const teams = defineCollection({
  name: 'teams',
  fields: [
    f.text('name', { required: true, max: 100 }),
    f.text('company', { max: 200 }),
    f.relation('owner', 'users', { system: true }),
    f.file('logo', { maxSize: 5 * 1024 * 1024, mimeTypes: IMAGE_TYPES, thumbs: ['100x100', '240x80f'] }),
    f.file('brandBackdrop', { maxSize: 20 * 1024 * 1024, mimeTypes: IMAGE_TYPES, thumbs: ['320x400'] }),
    f.relation('styles', 'styles', { maxSelect: 20 }),
    // Members get the team's styles at submission instead of choosing their own.
    f.bool('stylesLocked'),
    f.number('seatsTotal', { onlyInt: true, min: 0, system: true }),
    f.number('seatsUsed', { onlyInt: true, min: 0, system: true }),
    // The completed photoshoot the admins were last told "everyone is ready" for (once per completion).
    f.text('readyNoticeFor', { max: 15, hidden: true, system: true }),
  ],
  indexes: [{ name: 'idx_teams_owner', columns: ['owner'] }],
  listRule: all(AUTHED, memberOf('id')),
  viewRule: all(AUTHED, memberOf('id')),
  updateRule: all(AUTHED, adminOf('id')),
});

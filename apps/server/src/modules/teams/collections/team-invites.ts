import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { all, AUTHED, unchanged } from '../../../core/schema/rule-parts.js';
import { adminOf } from '../../photoshoots/team-rules.js';

const ADMIN = all(AUTHED, adminOf('team'));

/**
 * Shareable invite links (`/teams/invite/{token}`). The whole collection is visible to the team's
 * owners and admins only, which is what keeps `token` secret: the people who share the link are
 * the only ones who can read it; the invite page resolves a token through the team flow endpoint.
 * The server generates the token and counts `uses`.
 */
export const teamInvites = defineCollection({
  name: 'team_invites',
  fields: [
    f.relation('team', 'teams', { required: true, cascadeDelete: true }),
    f.text('token', { min: 32, max: 64, pattern: '^[A-Za-z0-9]+$', system: true }),
    f.email('email'),
    // Only addresses at this domain may join (lower-case, e.g. `acme.com`).
    f.text('domain', {
      max: 253,
      pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$',
    }),
    f.select('role', ['admin', 'member'], { required: true }),
    f.date('expiresAt'),
    f.number('maxUses', { onlyInt: true, min: 0 }),
    f.number('uses', { onlyInt: true, min: 0, system: true }),
    f.bool('revoked'),
    f.relation('createdBy', 'users', { system: true }),
  ],
  indexes: [
    { name: 'idx_team_invites_token', columns: ['token'], unique: true },
    { name: 'idx_team_invites_team', columns: ['team'] },
  ],
  listRule: ADMIN,
  viewRule: ADMIN,
  createRule: ADMIN,
  updateRule: all(ADMIN, unchanged('team')),
  deleteRule: ADMIN,
});

import { defineCollection } from '../../../core/schema/collection.js';
import { f } from '../../../core/schema/fields.js';
import { all, AUTHED } from '../../../core/schema/rule-parts.js';
import { adminOf, memberOf } from '../../photoshoots/team-rules.js';

/**
 * Who belongs to a team and as what. Members see each other's membership; owners and admins change
 * roles (never to or from `owner`) and remove members; a member may leave. The owner's row stays
 * until the team changes hands. Joining goes through an invite (server side), so `team`, `user`
 * and `joinedAt` are server-managed.
 */
export const teamMembers = defineCollection({
  name: 'team_members',
  fields: [
    f.relation('team', 'teams', { required: true, cascadeDelete: true, system: true }),
    f.relation('user', 'users', { required: true, cascadeDelete: true, system: true }),
    f.select('role', ['owner', 'admin', 'member'], { required: true }),
    f.date('joinedAt', { system: true }),
    // When the member was last reminded to submit (reminders are throttled per member).
    f.date('remindedAt', { system: true }),
  ],
  indexes: [
    { name: 'idx_team_members_team_user', columns: ['team', 'user'], unique: true },
    { name: 'idx_team_members_user', columns: ['user'] },
  ],
  listRule: all(AUTHED, memberOf('team')),
  viewRule: all(AUTHED, memberOf('team')),
  updateRule: all(AUTHED, adminOf('team'), "role != 'owner'", "@request.body.role != 'owner'"),
  deleteRule: all(AUTHED, "role != 'owner'", `user = @request.auth.id || (${adminOf('team')})`),
});

/**
 * Teams: the team, its members and invitations; seats bought through payments (`team_seats`) and
 * taken by submitted member photoshoots; the team's look; invites, reminders and the admin's
 * overview and downloads.
 */
import type { HttpModule } from '../../apis/http-module.js';
import { ensureCollection } from '../../core/db/ddl.js';
import { registerPurchasable } from '../payments/purchasables.js';
import { teamInvites } from './collections/team-invites.js';
import { teamMembers } from './collections/team-members.js';
import { teams } from './collections/teams.js';
import { memberRemovalListener } from './member-removal.js';
import { readyNoticeListener } from './ready-notice.js';
import { seatListener } from './seat-return.js';
import { registerTeamHooks } from './team-hooks.js';
import { teamSeatsPurchase } from './team-seats-purchase.js';
import { bindTeamsApi } from './http/teams-api.js';
import { teamsSettingsSection } from './teams-settings.js';

export const teamsModule: HttpModule = {
  name: 'teams',
  collections: [teams, teamMembers, teamInvites],
  settings: teamsSettingsSection,
  migrations: [
    {
      // teams.stylesLocked and readyNoticeFor, team_invites.domain, team_members.remindedAt.
      id: '0014_teams_product',
      up: async (db) => {
        for (const c of [teams, teamMembers, teamInvites]) await ensureCollection(db, c);
      },
    },
  ],
  register(app) {
    registerTeamHooks(app.hooks);
    registerPurchasable(app, teamSeatsPurchase);
    app.events.on('photoshoots', 'update', seatListener(app));
    app.events.on('photoshoots', 'update', readyNoticeListener(app));
    app.events.on('team_members', 'delete', memberRemovalListener(app));
  },
  routes: bindTeamsApi,
};

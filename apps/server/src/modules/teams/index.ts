/** Teams: the team, its members and invitations (the team product builds on this). */
import type { HttpModule } from '../../apis/http-module.js';
import { teamInvites } from './collections/team-invites.js';
import { teamMembers } from './collections/team-members.js';
import { teams } from './collections/teams.js';
import { registerTeamHooks } from './team-hooks.js';
import { bindTeamsApi } from './http/teams-api.js';

export const teamsModule: HttpModule = {
  name: 'teams',
  collections: [teams, teamMembers, teamInvites],
  register(app) {
    registerTeamHooks(app.hooks);
  },
  routes: bindTeamsApi,
};

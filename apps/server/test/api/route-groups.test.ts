/**
 * The two guarded route groups, each tested once through probe routes of a test-only module:
 * `/api/admin/*` (superusers only) and `/api/teams/{id}/*` (members, with the least role a route
 * declares). The probe module also shows that a module's routes need nothing but its entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpModule } from '../../src/apis/http-module.js';
import { systemCaller } from '../../src/core/records/caller.js';
import { bindTeamGroup } from '../../src/modules/teams/http/team-group.js';
import { engines, startServer, type TestServer } from '../support/harness.js';

const probe: HttpModule = {
  name: 'probe',
  adminRoutes(admin) {
    admin.get('/probe', async () => ({ ok: 'admin' }));
  },
  async routes(server, app) {
    await bindTeamGroup(server, app, (team) => {
      team.get('/probe-member', async (req) => ({ role: req.teamRole }));
      team.get('/probe-admin', { config: { teamRole: 'admin' } }, async (req) => ({ role: req.teamRole }));
      team.get('/probe-owner', { config: { teamRole: 'owner' } }, async (req) => ({ role: req.teamRole }));
    });
  },
};

async function call(t: TestServer, path: string, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${t.url}${path}`, { headers: token ? { Authorization: token } : {} });
  return { status: res.status, body: await res.json() };
}

describe.each(engines)('route groups (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, extraModules: [probe] });
  });
  afterAll(() => t.close());

  it('/api/admin/*: 401 guest, 403 user, 200 superuser', async () => {
    const user = await t.user();
    const su = await t.superuser();
    expect((await call(t, '/api/admin/probe')).status).toBe(401);
    const denied = await call(t, '/api/admin/probe', user.pb.authStore.token);
    expect(denied).toEqual({
      status: 403,
      body: expect.objectContaining({ status: 403, message: expect.stringMatching(/not allowed/) }),
    });
    expect(await call(t, '/api/admin/probe', su.authStore.token)).toEqual({
      status: 200,
      body: { ok: 'admin' },
    });
  });

  it('/api/teams/{id}/*: guest 401, outsider 404, then by role; superusers pass', async () => {
    const [owner, admin, member, outsider] = await Promise.all([t.user(), t.user(), t.user(), t.user()]);
    const su = systemCaller(t.app.registry.require('_superusers'));
    const team = (await t.app.records.create(t.app.registry.require('teams'), su, { name: 'Probe team' }))
      .data;
    for (const [u, role] of [
      [owner, 'owner'],
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      await t.app.records.create(t.app.registry.require('team_members'), su, {
        team: team.id,
        user: u.id,
        role,
      });
    }
    const path = (route: string) => `/api/teams/${String(team.id)}/${route}`;
    const statuses = async (token: string | undefined) =>
      Promise.all(
        ['probe-member', 'probe-admin', 'probe-owner'].map(
          async (r) => (await call(t, path(r), token)).status,
        ),
      );

    expect(await statuses(undefined)).toEqual([401, 401, 401]);
    expect(await statuses(outsider.pb.authStore.token)).toEqual([404, 404, 404]);
    expect(await statuses(member.pb.authStore.token)).toEqual([200, 403, 403]);
    expect(await statuses(admin.pb.authStore.token)).toEqual([200, 200, 403]);
    expect(await statuses(owner.pb.authStore.token)).toEqual([200, 200, 200]);
    expect((await call(t, path('probe-admin'), admin.pb.authStore.token)).body).toEqual({ role: 'admin' });
    expect(await statuses((await t.superuser()).authStore.token)).toEqual([200, 200, 200]);
    // Another team's id does not carry a membership over.
    const other = (await t.app.records.create(t.app.registry.require('teams'), su, { name: 'Other' })).data;
    const res = await call(t, `/api/teams/${String(other.id)}/probe-member`, owner.pb.authStore.token);
    expect(res.status).toBe(404);

    const summary = await call(t, path('summary'), member.pb.authStore.token);
    expect(summary).toEqual({
      status: 200,
      body: { id: team.id, name: 'Probe team', members: 3, role: 'member', stylesIncluded: 3 },
    });
  });
});

/**
 * Who may call each team endpoint, and read or write each team collection, by role: the team's
 * owner, admin and member, a member of another team, a signed-in outsider, a guest, a superuser.
 * One table per surface; every cell is a status the request must get.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { notVisible, runMatrix, type Callers } from '../support/scenarios.js';
import { packageId } from '../payments/support/world.js';
import { buildTeam, person, type Team } from './support.js';

const ROLES = ['owner', 'admin', 'member', 'otherTeam', 'outsider', 'guest', 'superuser'] as const;
type Role = (typeof ROLES)[number];
type Request = { method?: string; url: string; body?: Record<string, unknown> };
type EndpointRow = { name: string; request: () => Request; expect: number[] };
type CollectionRow = { name: string; sdk: (pb: PocketBase) => Promise<unknown>; expect: number[] };

/** A row's statuses, given in ROLES order, keyed by role. */
const byRole = (statuses: number[]) => Object.fromEntries(ROLES.map((r, i) => [r, statuses[i]!]));

describe.each(engines)('team authorization by role (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  let clients: Callers & Record<Role, PocketBase>;
  let token: string;
  let team5: string;
  beforeAll(async () => {
    t = await startServer({ engine });
    team = await buildTeam(t);
    const other = await buildTeam(t, 'Other');
    clients = {
      owner: team.owner.pb,
      admin: team.admin.pb,
      member: team.member.pb,
      otherTeam: other.member.pb,
      outsider: (await person(t)).pb,
      guest: t.client(),
      superuser: await t.superuser(),
    };
    team5 = await packageId(t, 'team-5');
    token = String(
      (await t.app.db.get<{ token: string }>(`SELECT "token" FROM "team_invites" LIMIT 1`))?.token ?? '',
    );
    if (!token) {
      const made = await team.owner.pb.send<{ items: { token: string }[] }>(`/api/teams/${team.id}/invites`, {
        method: 'POST',
        body: {},
      });
      token = made.items[0]!.token;
    }
  });
  afterAll(() => t?.close());

  const T = () => `/api/teams/${team.id}`;

  // Columns: owner, admin, member, another team's member, outsider, guest, superuser.
  const endpoints: EndpointRow[] = [
    {
      name: 'GET summary',
      request: () => ({ url: `${T()}/summary` }),
      expect: [200, 200, 200, 404, 404, 401, 200],
    },
    {
      name: 'PATCH team',
      request: () => ({ method: 'PATCH', url: T(), body: { company: 'Acme Inc.' } }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    {
      name: 'POST quote',
      request: () => ({ method: 'POST', url: `${T()}/quote`, body: { package: team5 } }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    // Operators do not buy (no buyer account): 401 after the guard lets them through.
    {
      name: 'POST checkout',
      request: () => ({ method: 'POST', url: `${T()}/checkout`, body: { package: team5 } }),
      expect: [200, 200, 403, 404, 404, 401, 401],
    },
    {
      name: 'POST invites',
      request: () => ({ method: 'POST', url: `${T()}/invites`, body: { maxUses: 1 } }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    // An unknown user: the owner (and superusers) get past the guard to the 400.
    {
      name: 'POST transfer',
      request: () => ({ method: 'POST', url: `${T()}/transfer`, body: { user: 'nobody' } }),
      expect: [400, 403, 403, 404, 404, 401, 400],
    },
    {
      name: 'POST remind',
      request: () => ({ method: 'POST', url: `${T()}/remind`, body: { members: [] } }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    {
      name: 'GET members',
      request: () => ({ url: `${T()}/members` }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    {
      name: 'GET members.csv',
      request: () => ({ url: `${T()}/members.csv` }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    // Nothing delivered yet: those allowed get the 404 that says so.
    {
      name: 'GET download',
      request: () => ({ url: `${T()}/download` }),
      expect: [404, 404, 403, 404, 404, 401, 404],
    },
    {
      name: 'POST test-shoot',
      request: () => ({ method: 'POST', url: `${T()}/test-shoot` }),
      expect: [200, 200, 403, 404, 404, 401, 401],
    },
    {
      name: 'POST submit (not theirs)',
      request: () => ({ method: 'POST', url: `${T()}/photoshoots/nosuchshoot0000/submit` }),
      expect: [404, 404, 404, 404, 404, 401, 401],
    },
    {
      name: 'GET invite preview',
      request: () => ({ url: `/api/teams/invites/${token}` }),
      expect: [200, 200, 200, 200, 200, 200, 200],
    },
    {
      name: 'POST create team',
      request: () => ({ method: 'POST', url: '/api/teams', body: { name: 'Mine' } }),
      expect: [200, 200, 200, 200, 200, 401, 401],
    },
  ];

  it.each(endpoints.map((e) => [e.name, e] as const))('%s', (_name, row) =>
    runMatrix(t, clients, row.request(), byRole(row.expect)),
  );

  const collections: CollectionRow[] = [
    {
      name: 'teams: view',
      sdk: (pb) => pb.collection('teams').getOne(team.id),
      expect: [200, 200, 200, 404, 404, 404, 200],
    },
    {
      name: 'teams: update',
      sdk: (pb) => pb.collection('teams').update(team.id, { company: 'Acme Inc.' }),
      expect: [200, 200, 404, 404, 404, 404, 200],
    },
    {
      name: 'teams: create',
      sdk: (pb) => pb.collection('teams').create({ name: 'X' }),
      expect: [403, 403, 403, 403, 403, 403, 200],
    },
    {
      name: 'team_members: list sees the team',
      sdk: async (pb) => {
        const rows = await pb.collection('team_members').getFullList({ filter: `team = "${team.id}"` });
        if (!rows.length) throw notVisible();
      },
      expect: [200, 200, 200, 404, 404, 404, 200],
    },
    {
      name: 'team_members: create (joining goes through invites)',
      sdk: async (pb) =>
        pb.collection('team_members').create({ team: team.id, user: (await person(t)).id, role: 'member' }),
      expect: [403, 403, 403, 403, 403, 403, 200],
    },
    {
      name: 'team_invites: list sees the team',
      sdk: async (pb) => {
        const rows = await pb.collection('team_invites').getFullList({ filter: `team = "${team.id}"` });
        if (!rows.length) throw notVisible();
      },
      expect: [200, 200, 404, 404, 404, 404, 200],
    },
    {
      name: 'team_invites: create',
      sdk: (pb) => pb.collection('team_invites').create({ team: team.id, role: 'member' }),
      expect: [200, 200, 400, 400, 400, 400, 200],
    },
  ];

  it.each(collections.map((c) => [c.name, c] as const))('%s', (_name, row) =>
    runMatrix(t, clients, { sdk: row.sdk }, byRole(row.expect)),
  );
});

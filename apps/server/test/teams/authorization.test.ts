/**
 * Who may call each team endpoint, and read or write each team collection, by role: the team's
 * owner, admin and member, a member of another team, a signed-in outsider, a guest, a superuser.
 * One table per surface; every cell is a status the request must get.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { packageId } from '../payments/support/world.js';
import { buildTeam, person, type Team } from './support.js';

const ROLES = ['owner', 'admin', 'member', 'otherTeam', 'outsider', 'guest', 'superuser'] as const;
type Role = (typeof ROLES)[number];
type Row = { name: string; call: (pb: PocketBase) => Promise<unknown>; expect: number[] };

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof ClientResponseError) return err.status;
    throw err;
  }
}

describe.each(engines)('team authorization by role (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  let clients: Record<Role, PocketBase>;
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

  const send = (pb: PocketBase, path: string, method = 'GET', body?: Record<string, unknown>) =>
    pb.send(path, { method, ...(body ? { body } : {}) });
  const T = () => `/api/teams/${team.id}`;

  // Columns: owner, admin, member, another team's member, outsider, guest, superuser.
  const endpoints: Row[] = [
    {
      name: 'GET summary',
      call: (pb) => send(pb, `${T()}/summary`),
      expect: [200, 200, 200, 404, 404, 401, 200],
    },
    {
      name: 'PATCH team',
      call: (pb) => send(pb, T(), 'PATCH', { company: 'Acme Inc.' }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    {
      name: 'POST quote',
      call: (pb) => send(pb, `${T()}/quote`, 'POST', { package: team5 }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    // Operators do not buy (no buyer account): 401 after the guard lets them through.
    {
      name: 'POST checkout',
      call: (pb) => send(pb, `${T()}/checkout`, 'POST', { package: team5 }),
      expect: [200, 200, 403, 404, 404, 401, 401],
    },
    {
      name: 'POST invites',
      call: (pb) => send(pb, `${T()}/invites`, 'POST', { maxUses: 1 }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    // An unknown user: the owner (and superusers) get past the guard to the 400.
    {
      name: 'POST transfer',
      call: (pb) => send(pb, `${T()}/transfer`, 'POST', { user: 'nobody' }),
      expect: [400, 403, 403, 404, 404, 401, 400],
    },
    {
      name: 'POST remind',
      call: (pb) => send(pb, `${T()}/remind`, 'POST', { members: [] }),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    {
      name: 'GET members',
      call: (pb) => send(pb, `${T()}/members`),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    {
      name: 'GET members.csv',
      call: (pb) => send(pb, `${T()}/members.csv`),
      expect: [200, 200, 403, 404, 404, 401, 200],
    },
    // Nothing delivered yet: those allowed get the 404 that says so.
    {
      name: 'GET download',
      call: (pb) => send(pb, `${T()}/download`),
      expect: [404, 404, 403, 404, 404, 401, 404],
    },
    {
      name: 'POST test-shoot',
      call: (pb) => send(pb, `${T()}/test-shoot`, 'POST'),
      expect: [200, 200, 403, 404, 404, 401, 401],
    },
    {
      name: 'POST submit (not theirs)',
      call: (pb) => send(pb, `${T()}/photoshoots/nosuchshoot0000/submit`, 'POST'),
      expect: [404, 404, 404, 404, 404, 401, 401],
    },
    {
      name: 'GET invite preview',
      call: (pb) => send(pb, `/api/teams/invites/${token}`),
      expect: [200, 200, 200, 200, 200, 200, 200],
    },
    {
      name: 'POST create team',
      call: (pb) => send(pb, '/api/teams', 'POST', { name: 'Mine' }),
      expect: [200, 200, 200, 200, 200, 401, 401],
    },
  ];

  it.each(endpoints.map((e) => [e.name, e] as const))('%s', async (_name, row) => {
    const got: Record<string, number> = {};
    for (const role of ROLES) got[role] = await status(row.call(clients[role]));
    expect(got).toEqual(Object.fromEntries(ROLES.map((r, i) => [r, row.expect[i]])));
  });

  const collections: Row[] = [
    {
      name: 'teams: view',
      call: (pb) => pb.collection('teams').getOne(team.id),
      expect: [200, 200, 200, 404, 404, 404, 200],
    },
    {
      name: 'teams: update',
      call: (pb) => pb.collection('teams').update(team.id, { company: 'Acme Inc.' }),
      expect: [200, 200, 404, 404, 404, 404, 200],
    },
    {
      name: 'teams: create',
      call: (pb) => pb.collection('teams').create({ name: 'X' }),
      expect: [403, 403, 403, 403, 403, 403, 200],
    },
    {
      name: 'team_members: list sees the team',
      call: async (pb) => {
        const rows = await pb.collection('team_members').getFullList({ filter: `team = "${team.id}"` });
        if (!rows.length) throw new ClientResponseError({ status: 404 });
      },
      expect: [200, 200, 200, 404, 404, 404, 200],
    },
    {
      name: 'team_members: create (joining goes through invites)',
      call: async (pb) =>
        pb.collection('team_members').create({ team: team.id, user: (await person(t)).id, role: 'member' }),
      expect: [403, 403, 403, 403, 403, 403, 200],
    },
    {
      name: 'team_invites: list sees the team',
      call: async (pb) => {
        const rows = await pb.collection('team_invites').getFullList({ filter: `team = "${team.id}"` });
        if (!rows.length) throw new ClientResponseError({ status: 404 });
      },
      expect: [200, 200, 404, 404, 404, 404, 200],
    },
    {
      name: 'team_invites: create',
      call: (pb) => pb.collection('team_invites').create({ team: team.id, role: 'member' }),
      expect: [200, 200, 400, 400, 400, 400, 200],
    },
  ];

  it.each(collections.map((c) => [c.name, c] as const))('%s', async (_name, row) => {
    const got: Record<string, number> = {};
    for (const role of ROLES) got[role] = await status(row.call(clients[role]));
    expect(got).toEqual(Object.fromEntries(ROLES.map((r, i) => [r, row.expect[i]])));
  });
});

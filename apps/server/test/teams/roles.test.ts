/**
 * Roles: admins change roles (never to or from owner) and remove members; the owner hands the
 * team over; a member leaves; the owner cannot leave without handing over. Team admins see their
 * members' team photoshoots and released results, never their selfies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { buildTeam, join, person, teamDraft, type Team } from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('team roles (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  beforeAll(async () => {
    t = await startServer({ engine });
    team = await buildTeam(t);
  });
  afterAll(() => t?.close());

  const membershipOf = async (user: string) =>
    (
      await team.owner.pb
        .collection('team_members')
        .getFirstListItem(`team = "${team.id}" && user = "${user}"`)
    ).id;

  it('admins promote and demote members, never to or from owner; members change nothing', async () => {
    const extra = await person(t);
    await join(t, team.id, extra.id, 'member');
    const row = await membershipOf(extra.id);
    expect(await team.admin.pb.collection('team_members').update(row, { role: 'admin' })).toMatchObject({
      role: 'admin',
    });
    expect(await team.admin.pb.collection('team_members').update(row, { role: 'member' })).toMatchObject({
      role: 'member',
    });
    expect(
      (await failure(team.admin.pb.collection('team_members').update(row, { role: 'owner' }))).status,
    ).toBe(404);
    const ownerRow = await membershipOf(team.owner.id);
    expect(
      (await failure(team.admin.pb.collection('team_members').update(ownerRow, { role: 'member' }))).status,
    ).toBe(404);
    expect(
      (await failure(team.member.pb.collection('team_members').update(row, { role: 'admin' }))).status,
    ).toBe(404);
    expect(
      (await failure(team.admin.pb.collection('team_members').update(row, { user: team.admin.id }))).status,
    ).toBe(400);
  });

  it('a member leaves; an admin removes a member; the owner can do neither to the owner', async () => {
    const [leaver, removed] = await Promise.all([person(t), person(t)]);
    await join(t, team.id, leaver.id, 'member');
    await join(t, team.id, removed.id, 'member');
    await leaver.pb.collection('team_members').delete(await membershipOf(leaver.id));
    await team.admin.pb.collection('team_members').delete(await membershipOf(removed.id));
    const left = await team.owner.pb
      .collection('team_members')
      .getFullList({ filter: `team = "${team.id}"` });
    expect(left.map((m) => m.user)).not.toContain(leaver.id);
    expect(left.map((m) => m.user)).not.toContain(removed.id);
    const ownerRow = await membershipOf(team.owner.id);
    expect((await failure(team.owner.pb.collection('team_members').delete(ownerRow))).status).toBe(404);
    expect((await failure(team.admin.pb.collection('team_members').delete(ownerRow))).status).toBe(404);
  });

  it('the owner hands the team over: one owner after, the old one an admin', async () => {
    const other = await buildTeam(t, 'Handover');
    const send = (pb = other.owner.pb, user = other.member.id) =>
      pb.send(`/api/teams/${other.id}/transfer`, { method: 'POST', body: { user } });
    expect((await failure(send(other.admin.pb))).status).toBe(403);
    const outsider = await person(t);
    expect((await failure(send(other.owner.pb, outsider.id))).response.data).toMatchObject({
      user: { code: 'validation_not_a_member' },
    });
    expect(await send()).toMatchObject({ id: other.id, owner: other.member.id });
    const rows = await other.member.pb
      .collection('team_members')
      .getFullList({ filter: `team = "${other.id}"` });
    expect(Object.fromEntries(rows.map((r) => [r.user, r.role]))).toEqual({
      [other.owner.id]: 'admin',
      [other.admin.id]: 'admin',
      [other.member.id]: 'owner',
    });
    expect((await failure(send(other.owner.pb, other.admin.id))).status).toBe(403);
  });

  it("admins see members' team photoshoots, never their selfies", async () => {
    const draft = await teamDraft(t, team.id, team.member);
    expect((await team.admin.pb.collection('photoshoots').getOne(draft)).user).toBe(team.member.id);
    expect(
      await team.admin.pb.collection('original_photos').getFullList({ filter: `photoshoot = "${draft}"` }),
    ).toEqual([]);
    expect(
      await team.owner.pb.collection('original_photos').getFullList({ filter: `photoshoot = "${draft}"` }),
    ).toEqual([]);
    expect(
      (await team.member.pb.collection('original_photos').getFullList({ filter: `photoshoot = "${draft}"` }))
        .length,
    ).toBe(6);
  });
});

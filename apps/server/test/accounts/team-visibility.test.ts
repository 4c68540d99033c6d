/**
 * Users rule: team owners and admins see the name and email of the members
 * of their teams, also through `expand`; plain members, other teams' admins and guests see nobody
 * but themselves, and seeing is not editing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { put } from '../support/records.js';

type U = Awaited<ReturnType<TestServer['user']>>;

const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: ClientResponseError) => e.status,
  );

describe.each(engines)('who sees whose account (%s)', (engine) => {
  let t: TestServer;
  let owner: U, admin: U, member: U, outsider: U, otherAdmin: U, both: U;
  let teamA: string;
  let adminMembership: string;

  beforeAll(async () => {
    t = await startServer({ engine });
    [owner, admin, member, outsider, otherAdmin, both] = await Promise.all(
      ['Olivia Owner', 'Adam Admin', 'Mia Member', 'Otto Outsider', 'Bea Other', 'Ben Both'].map((name) =>
        t.user({ name }),
      ),
    );
    teamA = String((await put(t, 'teams', { name: 'Acme', owner: owner.id })).id);
    const teamB = String((await put(t, 'teams', { name: 'Beta', owner: otherAdmin.id })).id);
    await put(t, 'team_members', { team: teamA, user: owner.id, role: 'owner' });
    adminMembership = String(
      (await put(t, 'team_members', { team: teamA, user: admin.id, role: 'admin' })).id,
    );
    await put(t, 'team_members', { team: teamA, user: member.id, role: 'member' });
    await put(t, 'team_members', { team: teamA, user: both.id, role: 'member' });
    await put(t, 'team_members', { team: teamB, user: otherAdmin.id, role: 'owner' });
    await put(t, 'team_members', { team: teamB, user: both.id, role: 'member' });
  });
  afterAll(() => t?.close());

  const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();

  it('owners and admins see their members, name and email, though emailVisibility is off', async () => {
    for (const viewer of [owner, admin]) {
      const list = await viewer.pb.collection('users').getFullList();
      expect(ids(list)).toEqual([owner.id, admin.id, member.id, both.id].sort());
      const seen = await viewer.pb.collection('users').getOne(member.id);
      expect(seen).toMatchObject({
        id: member.id,
        name: 'Mia Member',
        email: member.email,
        emailVisibility: false,
      });
      expect(seen).not.toHaveProperty('password');
      expect(seen).not.toHaveProperty('tokenKey');
    }
  });

  it('members see only themselves; outsiders and guests see nobody else', async () => {
    expect(ids(await member.pb.collection('users').getFullList())).toEqual([member.id]);
    expect(await statusOf(member.pb.collection('users').getOne(owner.id))).toBe(404);
    expect(await statusOf(member.pb.collection('users').getOne(admin.id))).toBe(404);
    expect(ids(await outsider.pb.collection('users').getFullList())).toEqual([outsider.id]);
    expect(await statusOf(outsider.pb.collection('users').getOne(member.id))).toBe(404);
    expect(await t.client().collection('users').getFullList()).toEqual([]);
    expect(await statusOf(t.client().collection('users').getOne(member.id))).toBe(404);
  });

  it("another team's owner sees only the members of that team", async () => {
    const list = await otherAdmin.pb.collection('users').getFullList();
    expect(ids(list)).toEqual([otherAdmin.id, both.id].sort());
    expect((await otherAdmin.pb.collection('users').getOne(both.id)).email).toBe(both.email);
    expect(await statusOf(otherAdmin.pb.collection('users').getOne(member.id))).toBe(404);
  });

  it('expanding memberships shows admins the member accounts with email, members nothing', async () => {
    const asOwner = await owner.pb
      .collection('team_members')
      .getFullList({ filter: `team = "${teamA}"`, expand: 'user' });
    const memberRow = asOwner.find((m) => m.user === member.id)!;
    expect(memberRow.expand?.user).toMatchObject({ id: member.id, name: 'Mia Member', email: member.email });

    const asMember = await member.pb
      .collection('team_members')
      .getFullList({ filter: `team = "${teamA}"`, expand: 'user' });
    expect(asMember).toHaveLength(4);
    for (const row of asMember) {
      if (row.user === member.id) expect(row.expand?.user).toMatchObject({ email: member.email });
      else expect(row.expand?.user).toBeUndefined();
    }
  });

  it('seeing is not editing, and a demoted admin stops seeing', async () => {
    expect(await statusOf(admin.pb.collection('users').update(member.id, { name: 'Hacked' }))).toBe(404);
    expect(await statusOf(admin.pb.collection('users').delete(member.id))).toBe(404);
    expect((await owner.pb.collection('users').getOne(member.id)).name).toBe('Mia Member');

    await owner.pb.collection('team_members').update(adminMembership, { role: 'member' });
    expect(ids(await admin.pb.collection('users').getFullList())).toEqual([admin.id]);
    expect(await statusOf(admin.pb.collection('users').getOne(member.id))).toBe(404);
  });

  it('a member who makes the email public shows it to no one new: visibility still follows the rule', async () => {
    await member.pb.collection('users').update(member.id, { emailVisibility: true });
    expect(await statusOf(outsider.pb.collection('users').getOne(member.id))).toBe(404);
    expect((await owner.pb.collection('users').getOne(member.id)).email).toBe(member.email);
  });
});

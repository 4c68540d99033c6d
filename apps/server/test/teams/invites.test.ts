/**
 * Invites: admins make links (limits: one address or domain, expiry, usage cap, revocation) and
 * mail one-person links; anyone previews a link (its state in words, never the restricted
 * address); a signed-in person accepts it; a one-use link joins exactly one of two racing people.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import type { RecordData } from '../../src/core/records/codec.js';
import { buildTeam, mailsTo, person, type Person, type Team } from './support.js';
import { failure } from '../support/errors.js';

type Invite = RecordData & { id: string; token: string; url: string };

const invite = (pb: PocketBase, team: string, body: Record<string, unknown>) =>
  pb.send<{ items: Invite[] }>(`/api/teams/${team}/invites`, { method: 'POST', body });
const preview = (pb: PocketBase, token: string) => pb.send<RecordData>(`/api/teams/invites/${token}`, {});
const accept = (pb: PocketBase, token: string) =>
  pb.send<RecordData>(`/api/teams/invites/${token}/accept`, { method: 'POST' });

describe.each(engines)('team invites (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  const verify = (p: Person) =>
    t.app.db.run(`UPDATE "users" SET "verified" = ? WHERE "id" = ?`, [true, p.id]);
  beforeAll(async () => {
    t = await startServer({ engine });
    team = await buildTeam(t);
  });
  afterAll(() => t?.close());

  it('a shareable link: previewed by a guest, accepted by a signed-in person who becomes a member', async () => {
    const [link] = (await invite(team.admin.pb, team.id, { role: 'member' })).items;
    expect(link!.url).toBe(`http://127.0.0.1:8090/teams/invite/${link!.token}`);
    expect(link!.token).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(await preview(t.client(), link!.token)).toEqual({
      team: { id: team.id, name: 'Acme', company: 'Acme Inc.' },
      role: 'member',
      state: 'open',
      message: '',
      restriction: { kind: 'none' },
      expiresAt: '',
    });
    const newcomer = await person(t);
    const joined = await accept(newcomer.pb, link!.token);
    expect(joined).toMatchObject({ team: team.id, user: newcomer.id, role: 'member' });
    expect(await preview(newcomer.pb, link!.token)).toMatchObject({
      state: 'member',
      message: 'You are already a member of this team.',
    });
    const again = await failure(accept(newcomer.pb, link!.token));
    expect(again.response.data).toMatchObject({ invite: { code: 'validation_invite_member' } });
    expect((await failure(accept(t.client(), link!.token))).status).toBe(401);
    expect((await failure(preview(t.client(), 'x'.repeat(40)))).status).toBe(404);
  });

  it('expired, revoked and used-up links say so, and refuse to join', async () => {
    const newcomer = await person(t);
    const [expired] = (await invite(team.owner.pb, team.id, { expiresAt: '2099-01-01 00:00:00.000Z' })).items;
    // Time passes: the link's date comes.
    await t.app.db.run(`UPDATE "team_invites" SET "expiresAt" = ? WHERE "id" = ?`, [
      '2020-01-01 00:00:00.000Z',
      expired!.id,
    ]);
    const [revoked] = (await invite(team.owner.pb, team.id, {})).items;
    await team.admin.pb.collection('team_invites').update(revoked!.id, { revoked: true });
    const [once] = (await invite(team.owner.pb, team.id, { maxUses: 1 })).items;
    await accept((await person(t)).pb, once!.token);
    for (const [link, state] of [
      [expired, 'expired'],
      [revoked, 'revoked'],
      [once, 'used_up'],
    ] as const) {
      expect(await preview(t.client(), link!.token)).toMatchObject({
        state,
        message: expect.stringMatching(/\w/),
      });
      const err = await failure(accept(newcomer.pb, link!.token));
      expect(err.status).toBe(400);
      expect(err.response.data).toMatchObject({ invite: { code: `validation_invite_${state}` } });
    }
  });

  it('an email or domain restriction: the address is never shown; the wrong person is told why', async () => {
    const insider = await person(t);
    const outsider = await person(t);
    const [forInsider] = (await invite(team.admin.pb, team.id, { email: insider.email })).items;
    const shown = await preview(t.client(), forInsider!.token);
    expect(shown.restriction).toEqual({ kind: 'email' });
    expect(JSON.stringify(shown)).not.toContain(insider.email);
    expect(await preview(outsider.pb, forInsider!.token)).toMatchObject({ state: 'wrong_email' });
    // The right address must be verified first: otherwise anyone could sign up with it.
    expect((await failure(accept(insider.pb, forInsider!.token))).response.data).toMatchObject({
      invite: { code: 'validation_invite_unverified' },
    });
    await verify(insider);
    expect(await accept(insider.pb, forInsider!.token)).toMatchObject({ user: insider.id });

    const [acmeOnly] = (await invite(team.admin.pb, team.id, { domain: 'ACME.com' })).items;
    expect(acmeOnly!.domain).toBe('acme.com');
    await verify(outsider);
    expect(await preview(outsider.pb, acmeOnly!.token)).toMatchObject({
      state: 'wrong_domain',
      restriction: { kind: 'domain', domain: 'acme.com' },
    });
    const [examples] = (await invite(team.admin.pb, team.id, { domain: 'example.com' })).items;
    expect(await accept(outsider.pb, examples!.token)).toMatchObject({ user: outsider.id });
    const bad = await failure(invite(team.admin.pb, team.id, { domain: 'not a domain' }));
    expect(bad.response.data).toMatchObject({ domain: { code: expect.any(String) } });
  });

  it('mails one single-use link per address', async () => {
    const addresses = ['ann@corp.example', 'bob@corp.example'];
    const { items } = await invite(team.admin.pb, team.id, { emails: [...addresses, 'ANN@corp.example'] });
    expect(items.map((i) => [i.email, i.maxUses])).toEqual([
      ['ann@corp.example', 1],
      ['bob@corp.example', 1],
    ]);
    for (const [i, address] of addresses.entries()) {
      const mails = await mailsTo(t, address, /invited to join Acme/);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`/teams/invite/${items[i]!.token}`);
      expect(mails[0]!.text).toContain(`Adam Admin (${team.admin.email}) invited you`);
    }
    const bad = await failure(invite(team.admin.pb, team.id, { emails: ['nope'] }));
    expect(bad.response.data).toMatchObject({ emails: { code: 'validation_invalid_emails' } });
  });

  it('names the invalid address of a batch, and mails nobody until it is fixed', async () => {
    const batch = ['cat@corp.example', 'dan@corp', 'eve@corp.example'];
    const bad = await failure(invite(team.admin.pb, team.id, { emails: batch }));
    expect(bad.status).toBe(400);
    expect(bad.response.data).toEqual({
      emails: {
        code: 'validation_invalid_emails',
        message: '"dan@corp" is not a valid email address. Correct or remove it, then send again.',
        params: { invalid: ['dan@corp'] },
      },
    });
    expect(await mailsTo(t, 'cat@corp.example', /./)).toHaveLength(0);
    const two = await failure(invite(team.admin.pb, team.id, { emails: ['x', ' y@ ', 'z@corp.example'] }));
    expect((two.response.data.emails as { message: string }).message).toBe(
      'These are not valid email addresses: "x", "y@". Correct or remove them, then send again.',
    );
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@corp.example`);
    const tooMany = await failure(invite(team.admin.pb, team.id, { emails: many }));
    expect(tooMany.response.data).toMatchObject({
      emails: { code: 'validation_too_many_emails', params: { max: 100 } },
    });
  });

  it('refuses an invite whose expiry date has passed, on the expiry field, by either route', async () => {
    const before = await t.app.db.get<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM "team_invites"`);
    const past = '2020-01-01 00:00:00.000Z';
    const expected = {
      expiresAt: {
        code: 'validation_date_in_past',
        message: expect.stringContaining('This date has already passed'),
      },
    };
    for (const body of [{ expiresAt: past }, { emails: ['fay@corp.example'], expiresAt: past }]) {
      const err = await failure(invite(team.admin.pb, team.id, body));
      expect(err.status).toBe(400);
      expect(err.response.data).toEqual(expected);
    }
    const direct = await failure(
      team.admin.pb.collection('team_invites').create({ team: team.id, role: 'member', expiresAt: past }),
    );
    expect(direct.status).toBe(400);
    expect(direct.response.data).toEqual(expected);
    const after = await t.app.db.get<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM "team_invites"`);
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect(await mailsTo(t, 'fay@corp.example', /./)).toHaveLength(0);
    // Later today is still fine: the form sends the end of the chosen day.
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString().replace('T', ' ');
    expect((await invite(team.admin.pb, team.id, { expiresAt: soon })).items).toHaveLength(1);
  });

  it('does not mail an invitation whose link expired before the mail could go out', async () => {
    const late = 'late@corp.example';
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const down = vi.spyOn(t.app.mailer, 'send').mockRejectedValue(new Error('SMTP is down'));
    try {
      await invite(team.admin.pb, team.id, { emails: [late], expiresAt: '2099-01-01 00:00:00.000Z' });
      await t.app.mailer.idle();
      expect(down).toHaveBeenCalled();
      // Time passes while SMTP is down: the link's date comes.
      await t.app.db.run(`UPDATE "_mail_queue" SET "expiresAt" = ? WHERE "to" = ?`, [
        '2020-01-01 00:00:00.000Z',
        late,
      ]);
    } finally {
      vi.restoreAllMocks();
    }
    await t.app.mailer.retryNow();
    expect(await mailsTo(t, late, /./)).toHaveLength(0);
    const rows = await t.app.db.all<{ state: string }>(`SELECT "state" FROM "_mail_queue" WHERE "to" = ?`, [
      late,
    ]);
    expect(rows).toEqual([{ state: 'expired' }]);
  });

  it('two people redeeming a one-use link at once: exactly one joins', async () => {
    for (let round = 0; round < 3; round++) {
      const [once] = (await invite(team.admin.pb, team.id, { maxUses: 1 })).items;
      const [a, b] = await Promise.all([person(t), person(t)]);
      const outcomes = await Promise.allSettled([accept(a.pb, once!.token), accept(b.pb, once!.token)]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const joined = await t.app.db.get<{ n: unknown }>(
        `SELECT COUNT(*) AS "n" FROM "team_members" WHERE "team" = ? AND "user" IN (?, ?)`,
        [team.id, a.id, b.id],
      );
      expect(Number(joined?.n)).toBe(1);
      const row = await t.app.db.get<{ uses: unknown }>(`SELECT "uses" FROM "team_invites" WHERE "id" = ?`, [
        once!.id,
      ]);
      expect(Number(row?.uses)).toBe(1);
    }
  });

  it('members cannot invite, read or change invites; the token stays with the admins', async () => {
    expect((await failure(invite(team.member.pb, team.id, {}))).status).toBe(403);
    expect(await team.member.pb.collection('team_invites').getFullList()).toEqual([]);
    const asAdmin = await team.admin.pb
      .collection('team_invites')
      .getFullList({ filter: `team = "${team.id}"` });
    expect(asAdmin.length).toBeGreaterThan(0);
    expect(
      (
        await failure(
          team.admin.pb.collection('team_invites').update(asAdmin[0]!.id, { uses: 0, token: 'x' }),
        )
      ).status,
    ).toBe(400);
  });
});

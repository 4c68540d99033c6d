/**
 * Invitation mails cannot be used to send spam or phishing in our name: only verified accounts
 * mail them, teams and accounts have daily caps, names chosen by the team go in as plain text
 * with links defused, and the mail says who sent it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';
import { createTeam, mailsTo, person, verifyPerson } from './support.js';

const mailInvites = (pb: PocketBase, team: string, emails: string[]) =>
  pb.send<{ items: { token: string }[] }>(`/api/teams/${team}/invites`, { method: 'POST', body: { emails } });

const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@victims.example`);

describe.each(engines)('invitation mails are no relay (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t?.close());

  it('an unverified account cannot mail invitations (403 in words), but can still make a link', async () => {
    const fresh = await person(t, { name: 'Fresh' });
    const team = await createTeam(fresh.pb, { name: 'Fresh team' });
    const refused = await failure(mailInvites(fresh.pb, team.id, ['a@victims.example']));
    expect(refused.status).toBe(403);
    expect(refused.response.message).toMatch(/Verify your email address/);
    expect(await mailsTo(t, 'a@victims.example', /./)).toHaveLength(0);
    const link = await fresh.pb.send<{ items: { token: string }[] }>(`/api/teams/${team.id}/invites`, {
      method: 'POST',
      body: {},
    });
    expect(link.items).toHaveLength(1);
  });

  it('a phishing team name reaches the mail as plain text: no link, bounded, and the sender named', async () => {
    const sender = await person(t, { name: 'Mallory http://evil.example' });
    await verifyPerson(t, sender);
    const team = await createTeam(sender.pb, {
      name: 'URGENT: verify your account at http://evil.example/login now',
    });
    await mailInvites(sender.pb, team.id, ['target@victims.example']);
    const [mail] = await mailsTo(t, 'target@victims.example', /./);
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toMatch(/https?:\/\/evil/);
      expect(part).not.toMatch(/evil\.example/);
    }
    expect(mail!.subject).toContain('http[:]//evil[.]example');
    expect(mail!.subject.length).toBeLessThanOrEqual(60 + 'You are invited to join  on Photoshoot'.length);
    expect(mail!.text).toContain(`(${sender.email}) invited you`);
  });

  it('caps invitation mails per team and per account in 24 hours (429 in words)', async () => {
    await t.app.settings.patch({ teams: { invitesPerTeamPerDay: 3, invitesPerAccountPerDay: 5 } });
    const sender = await person(t, { name: 'Busy' });
    await verifyPerson(t, sender);
    const first = await createTeam(sender.pb, { name: 'First' });
    const second = await createTeam(sender.pb, { name: 'Second' });
    await mailInvites(sender.pb, first.id, addresses('a', 2));
    const overTeam = await failure(mailInvites(sender.pb, first.id, addresses('b', 2)));
    expect(overTeam.status).toBe(429);
    expect(overTeam.response.message).toMatch(/A team can mail 3 invitations in 24 hours and 1 are left/);
    await mailInvites(sender.pb, first.id, addresses('c', 1));
    await mailInvites(sender.pb, second.id, addresses('d', 2));
    const overAccount = await failure(mailInvites(sender.pb, second.id, addresses('e', 1)));
    expect(overAccount.status).toBe(429);
    expect(overAccount.response.message).toMatch(/An account can mail 5 invitations/);
    expect(await mailsTo(t, 'b0@victims.example', /./)).toHaveLength(0);
    expect(await mailsTo(t, 'e0@victims.example', /./)).toHaveLength(0);
    // Parallel requests cannot together pass the cap either.
    const third = await createTeam(sender.pb, { name: 'Third' });
    await t.app.settings.patch({ teams: { invitesPerTeamPerDay: 3, invitesPerAccountPerDay: 100 } });
    const racing = await Promise.allSettled(
      [0, 1, 2, 3].map((i) => mailInvites(sender.pb, third.id, addresses(`r${i}-`, 1))),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });
});

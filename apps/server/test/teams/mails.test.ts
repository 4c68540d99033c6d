/**
 * Team mails delivered over real SMTP (a loopback `smtp-server`): the invitation with its link,
 * and the reminder, with the team's name escaped in the HTML part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { startSmtp, type TestSmtp } from '../accounts/support/smtp.js';
import { buildTeam, eventually, type Team } from './support.js';

describe.each(engines)('team mails over SMTP (%s)', (engine) => {
  let t: TestServer;
  let smtp: TestSmtp;
  let team: Team;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startServer({ engine });
    await t.app.settings.patch({ smtp: { enabled: true, host: '127.0.0.1', port: smtp.port, tls: false } });
    team = await buildTeam(t, 'R&D <Lab>');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('an invitation carries its own link; the team name is escaped in HTML', async () => {
    const { items } = await team.admin.pb.send<{ items: { token: string }[] }>(
      `/api/teams/${team.id}/invites`,
      {
        method: 'POST',
        body: { emails: ['new.hire@corp.example'] },
      },
    );
    await eventually(async () => smtp.to('new.hire@corp.example').length === 1, 'the invitation');
    const [mail] = smtp.to('new.hire@corp.example');
    expect(mail!.subject).toBe('You are invited to join R&D <Lab> on Photoshoot');
    expect(mail!.text).toContain(`http://127.0.0.1:8090/teams/invite/${items[0]!.token}`);
    expect(mail!.html).toContain('R&amp;D &lt;Lab&gt;');
    expect(mail!.html).not.toContain('<Lab>');
  });

  it('a reminder reaches a member who has not submitted, once', async () => {
    const remind = () =>
      team.owner.pb.send(`/api/teams/${team.id}/remind`, {
        method: 'POST',
        body: { members: [team.member.id] },
      });
    await remind();
    await remind();
    await eventually(async () => smtp.to(team.member.email).length >= 1, 'the reminder');
    await t.app.mailer.idle();
    const mails = smtp.to(team.member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/teams/${team.id}/photoshoots`);
  });
});

/**
 * No mail lost: mail goes through `_mail_queue`, waits out an SMTP outage and a
 * restart, arrives exactly once, and counts as sent (a receipt's stamp) only once accepted; a
 * permanent refusal is kept where superusers can see it. A code or link that expires while SMTP is
 * down is dropped rather than sent late, and the requests that queue a code or a link say mail is
 * delayed.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';
import {
  buyer,
  checkout,
  packageId,
  paymentRow,
  readyDraft,
  sandboxComplete,
  startPaymentsServer,
} from '../payments/support/world.js';
import { failure } from '../support/errors.js';

type ExpiryRow = { subject: string; state: string; text: string; expiresAt: string };
type QueueRow = { subject: string; state: string; attempts: number; text: string; to: string };

const queueRows = (t: TestServer) =>
  t.app.db.all<QueueRow>(
    `SELECT "to", "subject", "state", "attempts", "text" FROM "_mail_queue" ORDER BY "created", "id"`,
  );

async function useSmtp(t: TestServer, port: number): Promise<void> {
  await t.app.settings.patch({
    smtp: { enabled: true, host: '127.0.0.1', port, tls: false, username: '', password: '' },
  });
}

/** A port nothing listens on: an SMTP server that is down. */
async function deadPort(): Promise<number> {
  const gone = await startSmtp();
  await gone.close();
  return gone.port;
}

describe.each(engines)('mail queue (%s)', (engine) => {
  let t: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    t = await startPaymentsServer(engine);
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('delivers a receipt and a reset link exactly once after SMTP was down across a restart', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await useSmtp(t, await deadPort());
    const owner = await buyer(t);
    const shoot = await readyDraft(t, owner);
    const started = await checkout(owner.pb, shoot, { package: await packageId(t, 'starter') });
    await sandboxComplete(owner.pb, started.payment.id, 'paid');
    await t.client().collection('users').requestPasswordReset(owner.email);
    await t.app.mailer.idle();

    // Both are waiting, tried once; the receipt does not count as sent.
    const waiting = (await queueRows(t)).filter((r) => r.to === owner.email);
    expect(waiting.map((r) => [r.state, Number(r.attempts)])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect((await paymentRow(t, started.payment.id)).receiptSentAt).toBeFalsy();

    // SMTP comes back while the server is down; the retry falls due (time passes) and it restarts.
    await useSmtp(t, smtp.port);
    await t.app.db.run(`UPDATE "_mail_queue" SET "nextAttempt" = ? WHERE "state" = 'pending'`, [
      '2000-01-01 00:00:00.000Z',
    ]);
    await t.restart();
    await t.app.mailer.idle();

    const mails = smtp.to(owner.email);
    expect(mails.filter((m) => /receipt/i.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => /password/i.test(m.subject))).toHaveLength(1);
    expect(mails).toHaveLength(2);
    expect((await paymentRow(t, started.payment.id)).receiptSentAt).toBeTruthy();
    const sent = (await queueRows(t)).filter((r) => r.to === owner.email);
    expect(sent.map((r) => [r.state, Number(r.attempts), r.text])).toEqual([
      ['sent', 2, ''],
      ['sent', 2, ''],
    ]);

    // Nothing goes twice, whatever asks for another pass.
    await t.app.mailer.retryNow();
    await t.restart();
    await t.app.mailer.idle();
    expect(smtp.to(owner.email)).toHaveLength(2);
  });

  it('sends each mail once when two processes deliver the same queue', async () => {
    await useSmtp(t, smtp.port);
    const other = await startServer({ engine, shareSchemaWith: t });
    try {
      const to = `many_${Date.now()}@example.com`;
      await t.app.db.transaction(async (tx) => {
        for (let i = 0; i < 12; i++)
          await t.app.mailer.queue({ to, subject: `n${i}`, text: `${i}`, html: `<p>${i}</p>` }, { db: tx });
      });
      t.app.mailer.deliverQueued();
      other.app.mailer.deliverQueued();
      await Promise.all([t.app.mailer.idle(), other.app.mailer.idle()]);
      const subjects = smtp.to(to).map((m) => m.subject);
      expect(subjects.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `n${i}`).sort());
    } finally {
      await other.close();
    }
  });

  it('keeps a mail the SMTP server refuses for good where superusers see it', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const refusing = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onRcptTo(_address, _session, callback) {
        const err = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
        callback(err);
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    try {
      await useSmtp(t, (refusing.server.address() as AddressInfo).port);
      const { email } = await t.user();
      await t.client().collection('users').requestVerification(email);
      await t.app.mailer.idle();
      const su = await t.superuser();
      const list = await su.send<{ totalItems: number; items: Record<string, unknown>[] }>(
        '/api/admin/mail-failures',
        { method: 'GET' },
      );
      const mine = list.items.filter((i) => i.to === email);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ attempts: 1, subject: expect.stringMatching(/verify/i) });
      expect(String(mine[0]!.lastError)).toContain('550');
      expect(list.totalItems).toBeGreaterThanOrEqual(1);
      // Only superusers.
      const { pb } = await t.user();
      expect((await failure(() => pb.send('/api/admin/mail-failures', { method: 'GET' }))).status).toBe(403);
      expect(
        (await failure(() => t.client().send('/api/admin/mail-failures', { method: 'GET' }))).status,
      ).toBe(401);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('drops a sign-in code that expired while SMTP was down, and says mail is delayed', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await useSmtp(t, await deadPort());
    const email = `late-${engine}@example.com`;
    await t
      .client()
      .collection('users')
      .create({ email, password: 'long-password-1', passwordConfirm: 'long-password-1' });
    const first = await t.client().collection('users').requestOTP(email);
    expect((first as { mailDelayed?: boolean }).mailDelayed).toBe(false);
    await t.app.mailer.idle();

    const rows = await t.app.db.all<ExpiryRow>(
      `SELECT "subject", "state", "text", "expiresAt" FROM "_mail_queue" WHERE "to" = ?`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('pending');
    expect(rows[0]!.expiresAt).not.toBe('');

    // Time passes: the mail has waited over a minute and the code's lifetime ran out.
    await t.app.db.run(`UPDATE "_mail_queue" SET "created" = ?, "expiresAt" = ? WHERE "to" = ?`, [
      '2000-01-01 00:00:00.000Z',
      '2000-01-01 00:05:00.000Z',
      email,
    ]);
    const second = await t.client().collection('users').requestOTP(email);
    expect((second as { mailDelayed?: boolean }).mailDelayed).toBe(true);
    await t.app.mailer.idle();

    // SMTP comes back: the fresh code goes out, the expired one does not.
    await useSmtp(t, smtp.port);
    await t.app.mailer.retryNow();
    const after = await t.app.db.all<ExpiryRow>(
      `SELECT "subject", "state", "text", "expiresAt" FROM "_mail_queue" WHERE "to" = ? ORDER BY "created"`,
      [email],
    );
    expect(after.map((r) => r.state)).toEqual(['expired', 'sent']);
    expect(after[0]!.text).toBe('');
    expect(smtp.messages.filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
  });

  it('says mail is delayed in the answers to reset and verification requests, for any address', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const ask = async (action: string, email: string) => {
      const res = await fetch(`${t.url}/api/collections/users/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      return [res.status, await res.text()];
    };
    const { email } = await t.user();
    const unknown = `nobody-${engine}@example.com`;
    const actions = ['request-password-reset', 'request-verification'];
    // Mail flows: PocketBase's empty 204.
    for (const action of actions) expect(await ask(action, email)).toEqual([204, '']);
    await t.app.mailer.idle();

    await useSmtp(t, await deadPort());
    // note: another account: the first one's links were just sent, and a resend within minutes is not.
    const waiting = (await t.user()).email;
    await ask('request-password-reset', waiting);
    await t.app.mailer.idle();
    const pending = await t.app.db.all(`SELECT "id" FROM "_mail_queue" WHERE "state" = 'pending'`);
    expect(pending).toHaveLength(1);
    // Time passes: the link has waited over a minute for SMTP.
    await t.app.db.run(`UPDATE "_mail_queue" SET "created" = ? WHERE "state" = 'pending'`, [
      '2000-01-01 00:00:00.000Z',
    ]);
    for (const action of actions)
      for (const address of [email, unknown])
        expect(await ask(action, address)).toEqual([200, JSON.stringify({ mailDelayed: true })]);
    // The official SDK's methods still resolve.
    await expect(t.client().collection('users').requestPasswordReset(email)).resolves.toBe(true);
    await expect(t.client().collection('users').requestVerification(email)).resolves.toBe(true);

    await useSmtp(t, smtp.port);
    await t.app.mailer.retryNow();
    for (const action of actions) expect(await ask(action, unknown)).toEqual([204, '']);
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../support/harness.js';
import { linkToken, startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';

describe.each(engines)('mailer follows the live settings (%s)', (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine, { smtpAuth: { user: 'mailer', pass: 'smtp-secret-1' } });
  });
  afterAll(() => c.close());

  it('signs in to SMTP with the configured credentials and sender', async () => {
    const { email } = await c.t.user();
    await c.t.client().collection('users').requestPasswordReset(email);
    const mail = await c.onlyMailTo(email);
    expect(mail.user).toBe('mailer');
    expect(mail.envelope.from).toBe('hello@photos.example.test');
    expect(mail.to).toContain(email);
  });

  it('escapes settings values in HTML and applies a new app name and URL without restart', async () => {
    await c.su.settings.update({
      meta: { appName: '<b>Ann & "Bob"</b>', appURL: 'https://other.example.test' },
    });
    try {
      const { email } = await c.t.user();
      await c.t.client().collection('users').requestVerification(email);
      const mail = await c.onlyMailTo(email);
      expect(mail.subject).toBe('Verify your <b>Ann & "Bob"</b> email');
      expect(mail.html).not.toContain('<b>Ann');
      expect(mail.html).toContain('&lt;b&gt;Ann &amp; &quot;Bob&quot;&lt;/b&gt;');
      expect(mail.text).toContain('https://other.example.test/confirm-verification?token=');
    } finally {
      await c.su.settings.update({
        meta: { appName: 'Photoshoot Test', appURL: 'https://photos.example.test/app' },
      });
    }
  });

  it('switches to the outbox when SMTP is turned off, and back', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { email } = await c.t.user();
    await c.su.settings.update({ smtp: { enabled: false } });
    try {
      await c.t.client().collection('users').requestVerification(email);
      expect(await c.mailsTo(email)).toHaveLength(0);
      expect(readdirSync(join(c.t.dataDir, 'outbox')).some((f) => f.endsWith('.json'))).toBe(true);
    } finally {
      await c.su.settings.update({ smtp: { enabled: true } });
    }
    await c.t.client().collection('users').requestPasswordReset(email);
    expect(await c.mailsTo(email)).toHaveLength(1);
  });

  it('keeps answering 204 when SMTP is down, and delivers the queued mail once it is back', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { pb, email } = await c.t.user();
    await c.su.settings.update({ smtp: { port: 1 } });
    try {
      await expect(c.t.client().collection('users').requestPasswordReset(email)).resolves.toBe(true);
      await c.t.app.mailer.idle();
      const err = await failure(() => pb.collection('users').requestEmailChange(`new_${email}`));
      expect(err.status).toBe(400);
      expect(err.response.message).toBe('Failed to request email change.');
    } finally {
      await c.su.settings.update({ smtp: { port: c.smtp.port } });
    }
    // The reset mail waited in the queue: it arrives once SMTP is back, once (a second request
    // inside the resend window adds nothing).
    expect(c.smtp.to(email)).toHaveLength(0);
    await c.t.client().collection('users').requestPasswordReset(email);
    await c.t.app.mailer.retryNow();
    const mail = await c.onlyMailTo(email);
    expect(linkToken(mail, '/reset-password')).toBeTruthy();
    await pb.collection('users').requestEmailChange(`new_${email}`);
    expect(await c.mailsTo(`new_${email}`)).toHaveLength(1);
  });
});

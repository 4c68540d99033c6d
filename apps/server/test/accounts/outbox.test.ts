import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';

describe.each(engines)('dev outbox when SMTP is off (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
    await su.settings.update({ rateLimits: { enabled: false } });
  });
  afterAll(() => t.close());

  it('writes each mail as JSON and .eml under <dataDir>/outbox and logs where', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { email } = await t.user();
    await t.client().collection('users').requestVerification(email);
    await t.app.mailer.idle();
    const dir = join(t.dataDir, 'outbox');
    const files = readdirSync(dir);
    const json = files.filter((f) => f.endsWith('.json'));
    expect(json).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(dir, json[0]!), 'utf8'));
    expect(saved).toMatchObject({ to: email, subject: 'Verify your Photoshoot email' });
    expect(saved.text).toContain('http://127.0.0.1:8090/confirm-verification?token=');
    expect(statSync(join(dir, json[0]!)).mode & 0o077).toBe(0);
    const eml = readFileSync(join(dir, json[0]!.replace(/\.json$/, '.eml')), 'utf8');
    expect(eml).toContain('Subject: Verify your Photoshoot email');
    const logged = info.mock.calls.map((args) => String(args[0])).join('\n');
    expect(logged).toContain(join(dir, json[0]!));
    // The log says where, never what: no token in it.
    expect(logged).not.toContain('token=');
  });

  it('GET /api/mail/outbox: 401 guest, 403 user, newest first for superusers; a fresh install can reset a password', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    expect((await failure(() => t.client().send('/api/mail/outbox', {}))).status).toBe(401);
    const { pb, email } = await t.user();
    expect((await failure(() => pb.send('/api/mail/outbox', {}))).status).toBe(403);

    await t.client().collection('users').requestVerification(email);
    await t.app.mailer.idle();
    await t.client().collection('users').requestPasswordReset(email);
    await t.app.mailer.idle();
    const list = await su.send('/api/mail/outbox', {});
    expect(list.totalItems).toBeGreaterThanOrEqual(2);
    const [newest, previous] = list.items;
    expect(newest).toMatchObject({ to: email, subject: 'Reset your Photoshoot password' });
    expect(previous).toMatchObject({ to: email, subject: 'Verify your Photoshoot email' });
    expect(Object.keys(newest).sort()).toEqual(['date', 'from', 'id', 'subject', 'text', 'to']);
    expect(newest.from).toBe('Photoshoot <no-reply@photoshoot.local>');
    expect(Date.parse(newest.date.replace(' ', 'T'))).toBeGreaterThanOrEqual(
      Date.parse(previous.date.replace(' ', 'T')),
    );
    expect((await su.send('/api/mail/outbox', { query: { perPage: 1 } })).items).toHaveLength(1);

    const token = /\/reset-password\?token=(\S+)/.exec(newest.text)![1]!;
    await t.client().collection('users').confirmPasswordReset(token, 'fresh-install-1', 'fresh-install-1');
    await t.client().collection('users').authWithPassword(email, 'fresh-install-1');
  });
});

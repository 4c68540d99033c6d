/**
 * `POST /api/settings/test/s3` against s3rver on loopback and `POST /api/settings/test/email`
 * against a real SMTP server (PocketBase's settings checks; superusers only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import type PocketBase from 'pocketbase';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { startSmtp, type TestSmtp } from '../accounts/support/smtp.js';
import { hit } from './support.js';

const BUCKET = 'settings-test';

describe.each(engines)('settings test endpoints (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let smtp: TestSmtp;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'photoshoot-s3rver-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    smtp = await startSmtp();
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await smtp.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, token = su.authStore.token) =>
    hit(t, path, { method: 'POST', body, token });
  const s3Settings = (over: Record<string, unknown> = {}) => ({
    s3: {
      enabled: true,
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKey: 'S3RVER',
      secret: 'S3RVER',
      forcePathStyle: true,
      ...over,
    },
  });

  it('both need a superuser', async () => {
    const { pb } = await t.user();
    for (const path of ['/api/settings/test/s3', '/api/settings/test/email']) {
      expect((await post(path, {}, '')).status).toBe(401);
      expect((await post(path, {}, pb.authStore.token)).status).toBe(403);
    }
  });

  it('s3: 204 after a write and delete in the bucket, 400 with the reason otherwise', async () => {
    const off = await post('/api/settings/test/s3', { filesystem: 'storage' });
    expect(off.status).toBe(400);
    expect((off.body as { message: string }).message).toContain('S3 storage filesystem is not enabled');

    const bad = await post('/api/settings/test/s3', { filesystem: 'tape' });
    expect(bad.status).toBe(400);
    expect((bad.body as any).data.filesystem.code).toBe('validation_in_invalid');
    expect(((await post('/api/settings/test/s3', {})).body as any).data.filesystem.code).toBe(
      'validation_required',
    );

    await su.settings.update(s3Settings());
    expect(await su.settings.testS3('storage')).toBe(true);
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      // Only the probe object must be gone: the seed may still be writing style previews into the
      // bucket in the background once it becomes the storage.
      const probes = (listed.Contents ?? []).filter((o) => o.Key?.startsWith('photoshoot_settings_test_'));
      expect(probes).toEqual([]);
    } finally {
      client.destroy();
    }
    // Backups always stay in the data dir: there is no S3 store to test for them.
    expect((await post('/api/settings/test/s3', { filesystem: 'backups' })).status).toBe(400);

    await su.settings.update(s3Settings({ bucket: 'no-such-bucket' }));
    const missing = await post('/api/settings/test/s3', { filesystem: 'storage' });
    expect(missing.status).toBe(400);
    const message = (missing.body as { message: string }).message;
    expect(message).toMatch(/^Failed to test the S3 filesystem\. Raw error:/);
    expect(message).not.toContain('S3RVER');
    await su.settings.update({ s3: { enabled: false } });
  });

  it('email: sends each template through SMTP to the given address', async () => {
    await su.settings.update({
      meta: { appName: 'Test Shoot', appURL: 'https://shoot.example.test' },
      smtp: { enabled: true, host: '127.0.0.1', port: smtp.port, tls: false },
    });
    const subjects: string[] = [];
    for (const template of ['verification', 'password-reset', 'email-change', 'otp', 'login-alert']) {
      const to = `${template}@example.test`;
      expect(await su.settings.testEmail('users', to, template)).toBe(true);
      const mails = smtp.to(to);
      expect(mails).toHaveLength(1);
      subjects.push(mails[0]!.subject);
    }
    expect(subjects).toEqual([
      'Verify your Test Shoot email',
      'Reset your Test Shoot password',
      'Confirm your new Test Shoot email',
      'Your Test Shoot sign-in code',
      'New sign-in to your Test Shoot account',
    ]);
    // The login alert names a made-up origin and links to the password reset, never to a token.
    const alert = smtp.to('login-alert@example.test')[0]!.text;
    expect(alert).toContain('192.0.2.1');
    expect(alert).toContain('https://shoot.example.test/forgot-password');
    expect(smtp.to('verification@example.test')[0]!.text).toContain(
      'https://shoot.example.test/confirm-verification?token=',
    );
    // Without a collection the superusers' settings are used, as in PocketBase.
    const res = await post('/api/settings/test/email', { email: 'root@example.test', template: 'otp' });
    expect(res.status).toBe(204);
    expect(smtp.to('root@example.test')).toHaveLength(1);
    // The back office's "Send test mail": a message that says it is a test, with no account link.
    const test = await post('/api/settings/test/email', {
      email: 'plain-test@example.test',
      template: 'test',
    });
    expect(test.status).toBe(204);
    const mail = smtp.to('plain-test@example.test')[0]!;
    expect(mail.subject).toBe('Test mail from Test Shoot');
    expect(mail.text).toContain('This is a test sent from the Test Shoot back office');
    expect(mail.text).not.toMatch(/token=|verify/i);
  });

  it('email: field errors for bad input, and the SMTP failure as a 400', async () => {
    const res = await post('/api/settings/test/email', {
      email: 'not-an-address',
      template: 'welcome',
      collection: 'pub_nowhere',
    });
    expect(res.status).toBe(400);
    const data = (res.body as any).data;
    expect(data.email.code).toBe('validation_is_email');
    expect(data.template.code).toBe('validation_in_invalid');
    expect(data.collection.code).toBe('validation_invalid_collection');
    const notAuth = await post('/api/settings/test/email', {
      email: 'a@example.test',
      template: 'otp',
      collection: 'photoshoots',
    });
    expect((notAuth.body as any).data.collection.code).toBe('validation_invalid_collection');

    const closed = await startSmtp();
    const port = closed.port;
    await closed.close();
    await su.settings.update({ smtp: { enabled: true, host: '127.0.0.1', port } });
    const down = await post('/api/settings/test/email', {
      email: 'x@example.test',
      template: 'verification',
    });
    expect(down.status).toBe(400);
    expect((down.body as { message: string }).message).toMatch(/^Failed to send the test email\. Raw error:/);
    await su.settings.update({ smtp: { enabled: false } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { SettingsStore } from '../../src/core/settings/settings-store.js';

describe.each(engines)('settings API (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  it('is for superusers only: 401 guest, 403 user', async () => {
    const guest = await t
      .client()
      .settings.getAll()
      .catch((e: ClientResponseError) => e);
    expect((guest as ClientResponseError).status).toBe(401);
    const { pb } = await t.user();
    const user = await pb.settings.getAll().catch((e: ClientResponseError) => e);
    expect((user as ClientResponseError).status).toBe(403);
    const patch = await pb.settings.update({ meta: { appName: 'x' } }).catch((e: ClientResponseError) => e);
    expect((patch as ClientResponseError).status).toBe(403);
  });

  it('returns the PocketBase sections with defaults', async () => {
    const su = await t.superuser();
    const s = await su.settings.getAll();
    for (const key of [
      'meta',
      'smtp',
      'backups',
      's3',
      'batch',
      'rateLimits',
      'trustedProxy',
      'logs',
      'superuserIPs',
      'oauth2',
    ]) {
      expect(s).toHaveProperty(key);
    }
    expect(s.meta.appName).toBe('Photoshoot');
    expect(s.batch.enabled).toBe(false);
    expect(Array.isArray(s.superuserIPs)).toBe(true);
  });

  it('masks secrets, keeps them when a patch omits or blanks them, and applies without restart', async () => {
    const su = await t.superuser();
    const saved = await su.settings.update({
      smtp: { enabled: true, host: '127.0.0.1', port: 2525, password: 's3cret-pass' },
    });
    expect(saved.smtp.password).toBe('');
    expect(saved.smtp.host).toBe('127.0.0.1');
    expect(t.app.settings.get().smtp.password).toBe('s3cret-pass');
    await su.settings.update({ smtp: { port: 2526, password: '' } });
    expect(t.app.settings.get().smtp.password).toBe('s3cret-pass');
    expect(t.app.settings.get().smtp.port).toBe(2526);
    const raw = JSON.stringify(await su.settings.getAll());
    expect(raw).not.toContain('s3cret-pass');
    await su.settings.update({ smtp: { enabled: false } });
  });

  it('answers invalid values with field errors and keeps the old settings', async () => {
    const su = await t.superuser();
    const err = (await su.settings
      .update({ meta: { appURL: 'not a url', senderAddress: 'nope' }, smtp: { port: 70000 } })
      .catch((e: ClientResponseError) => e)) as ClientResponseError;
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('An error occurred while saving the new settings.');
    expect(err.response.data.meta.appURL.code).toBe('validation_is_url');
    expect(err.response.data.meta.senderAddress.code).toBe('validation_is_email');
    expect(err.response.data.smtp.port.code).toBe('validation_invalid_value');
    expect(t.app.settings.get().meta.appURL).toBe('http://127.0.0.1:8090');
  });

  it('stores settings encrypted when a key is configured', async () => {
    const store = new SettingsStore(t.app.db, 'k'.repeat(32));
    await store.load();
    await store.patch({ smtp: { password: 'encrypted-secret-value' } });
    const row = await t.app.db.get<{ value: string }>(
      `SELECT "value" FROM "_params" WHERE "id" = 'settings'`,
    );
    expect(row!.value).not.toContain('encrypted-secret-value');
    expect(row!.value).toContain('"enc"');
    const again = new SettingsStore(t.app.db, 'k'.repeat(32));
    await again.load();
    expect(again.get().smtp.password).toBe('encrypted-secret-value');
    // Put the plain settings back for the other tests of this server.
    await t.app.settings.patch({});
  });
});

/** PATCH /api/settings refuses bad operations settings with field-level errors and keeps the old ones. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { ClientResponseError } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';

const refused = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the update to be refused');
    },
    (e: ClientResponseError) => e,
  );

describe.each(engines)('operations settings validation (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(() => t.close());

  it('backups.cron must be a cron expression or empty', async () => {
    const err = await refused(su.settings.update({ backups: { cron: 'every day at noon' } }));
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('An error occurred while saving the new settings.');
    expect(err.response.data.backups.cron.code).toBe('validation_invalid_cron');
    await refused(su.settings.update({ backups: { cron: '61 * * * *' } }));
    expect(t.app.settings.get().backups.cron).toBe('0 3 * * *');

    await su.settings.update({ backups: { cron: '' } });
    expect(t.app.settings.get().backups.cron).toBe('');
    await su.settings.update({ backups: { cron: '@daily' } });
    await su.settings.update({ backups: { cron: '*/5 * * * 1-5' } });
    expect(t.app.settings.get().backups.cron).toBe('*/5 * * * 1-5');
  });

  it('rate limit rules are checked field by field, audience included', async () => {
    const rules = [
      { label: '/api/', maxRequests: 10, duration: 5, audience: '@auth' },
      { label: '*:create', maxRequests: 0, duration: 5, audience: 'everyone' },
      { label: ' ', maxRequests: 3, duration: 0 },
    ];
    const err = await refused(su.settings.update({ rateLimits: { rules } }));
    const data = err.response.data.rateLimits.rules;
    expect(Object.keys(data).sort()).toEqual(['1', '2']);
    expect(data['1'].audience.code).toBe('validation_in_invalid');
    expect(data['1'].maxRequests.code).toBe('validation_min_number_constraint');
    expect(data['1'].label).toBeUndefined();
    expect(data['2'].label.code).toBe('validation_required');
    expect(data['2'].duration.code).toBe('validation_min_number_constraint');

    const ok = rules
      .slice(0, 1)
      .concat({ label: '*:auth', maxRequests: 3, duration: 60, audience: '@guest' });
    const saved = await su.settings.update({ rateLimits: { rules: ok } });
    expect(saved.rateLimits.rules.map((r: { audience: string }) => r.audience)).toEqual(['@auth', '@guest']);
  });

  it('every rate limit rule shows its audience, "" when a rule was saved without one', async () => {
    const shown = await su.settings.getAll();
    for (const rule of shown.rateLimits.rules) expect(['', '@guest', '@auth']).toContain(rule.audience);
    const saved = await su.settings.update({
      rateLimits: { rules: [{ label: '/api/', maxRequests: 50, duration: 5 }] },
    });
    expect(saved.rateLimits.rules).toEqual([{ label: '/api/', maxRequests: 50, duration: 5, audience: '' }]);
    expect((await su.settings.getAll()).rateLimits.rules[0].audience).toBe('');
    await t.app.settings.load();
    expect(t.app.settings.get().rateLimits.rules[0]!.audience).toBe('');
  });

  it('backups.s3 is in the settings; enabling it is refused with a field error, not dropped', async () => {
    const shown = await su.settings.getAll();
    expect(shown.backups.s3).toEqual({
      enabled: false,
      bucket: '',
      region: '',
      endpoint: '',
      accessKey: '',
      secret: '',
      forcePathStyle: false,
    });
    const s3 = {
      enabled: true,
      bucket: 'b',
      region: 'r',
      endpoint: 'https://s3.example',
      accessKey: 'k',
      secret: 's',
    };
    const err = await refused(su.settings.update({ backups: { s3 } }));
    expect(err.status).toBe(400);
    expect(err.response.data.backups.s3.enabled.code).toBe('validation_not_supported');
    expect(err.response.data.backups.s3.enabled.message).toMatch(/not supported/);
    expect(t.app.settings.get().backups.s3.enabled).toBe(false);

    // Disabled values are kept, the secret write-only like every other secret.
    const saved = await su.settings.update({ backups: { s3: { ...s3, enabled: false } } });
    expect(saved.backups.s3).toMatchObject({ enabled: false, bucket: 'b', secret: '' });
    expect(t.app.settings.get().backups.s3.secret).toBe('s');
    const bad = await refused(su.settings.update({ backups: { s3: { forcePathStyle: 'yes' } } }));
    expect(bad.response.data.backups.s3.forcePathStyle.code).toBe('validation_invalid_value');
  });

  it('s3 needs bucket, region, a url endpoint and keys once enabled', async () => {
    const err = await refused(
      su.settings.update({ s3: { enabled: true, bucket: 'b', endpoint: 'not a url' } }),
    );
    expect(err.response.data.s3.region.code).toBe('validation_required');
    expect(err.response.data.s3.accessKey.code).toBe('validation_required');
    expect(err.response.data.s3.secret.code).toBe('validation_required');
    expect(err.response.data.s3.endpoint.code).toBe('validation_is_url');
    expect(err.response.data.s3.bucket).toBeUndefined();
    expect(t.app.settings.get().s3.enabled).toBe(false);
    // Disabled, the fields may stay blank.
    await su.settings.update({ s3: { enabled: false, bucket: '', endpoint: '' } });
  });

  it('trustedProxy.headers must be header names, superuserIPs addresses', async () => {
    const err = await refused(
      su.settings.update({
        trustedProxy: { headers: ['X-Forwarded-For', 'bad header', 42], useLeftmostIP: 'yes' },
        superuserIPs: ['127.0.0.1', 'localhost'],
      }),
    );
    const data = err.response.data;
    expect(Object.keys(data.trustedProxy.headers)).toEqual(['1', '2']);
    expect(data.trustedProxy.useLeftmostIP.code).toBe('validation_invalid_value');
    expect(Object.keys(data.superuserIPs)).toEqual(['1']);
    expect(data.superuserIPs['1'].code).toBe('validation_is_ip');
    const notList = await refused(su.settings.update({ trustedProxy: { headers: 'X-Real-IP' } }));
    expect(notList.response.data.trustedProxy.headers.code).toBe('validation_invalid_value');
    await su.settings.update({ trustedProxy: { headers: ['X-Real-IP'], useLeftmostIP: true } });
    expect(t.app.settings.get().trustedProxy).toEqual({ headers: ['X-Real-IP'], useLeftmostIP: true });
    await su.settings.update({ trustedProxy: { headers: [], useLeftmostIP: false } });
  });

  it('logs and batch numbers and flags', async () => {
    const err = await refused(
      su.settings.update({
        logs: { maxDays: -1, minLevel: 'info', logIP: 1 },
        batch: { timeout: -2, maxBodySize: 1.5, maxRequests: 0 },
      }),
    );
    const data = err.response.data;
    expect(data.logs.maxDays.code).toBe('validation_invalid_value');
    expect(data.logs.minLevel.code).toBe('validation_invalid_value');
    expect(data.logs.logIP.code).toBe('validation_invalid_value');
    expect(data.logs.logAuthId).toBeUndefined();
    expect(data.batch.timeout.code).toBe('validation_min_number_constraint');
    expect(data.batch.maxBodySize.code).toBe('validation_min_number_constraint');
    expect(data.batch.maxRequests.code).toBe('validation_min_number_constraint');
    const saved = await su.settings.update({ logs: { maxDays: 0, minLevel: 4 }, batch: { timeout: 0 } });
    expect(saved.logs).toMatchObject({ maxDays: 0, minLevel: 4 });
    expect(saved.batch.timeout).toBe(0);
  });
});

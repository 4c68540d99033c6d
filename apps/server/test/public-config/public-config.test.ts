/**
 * GET /api/public/config: the public slice of the settings (retention periods, payment provider,
 * app name, photoshoot limits) for everyone, live, and nothing else — never a secret.
 */
import type { PublicConfig } from '@photoshoot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';

describe.each(engines)('public config API (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  const get = (pb = t.client(), query?: Record<string, string>) =>
    pb.send<PublicConfig>('/api/public/config', { method: 'GET', query });

  it('answers guests with the current settings and exactly the public keys', async () => {
    const su = await t.superuser();
    const settings = await su.settings.getAll();
    const config = await get();
    expect(config).toEqual({
      appName: settings.meta.appName,
      retention: {
        originalsDays: settings.processing.originalsRetentionDays,
        resultsDays: settings.processing.resultsRetentionDays,
      },
      payments: { provider: settings.payments.provider },
      photoshoots: {
        maxPhotos: settings.photoshoots.maxPhotos,
        minAcceptedPhotos: settings.photoshoots.minAcceptedPhotos,
        freeRedos: settings.photoshoots.freeRedos,
      },
      engine: { kind: 'studio', provider: 'studio' },
      privacy: 'local',
      integrations: { chat: null, analytics: null },
      mail: { delivered: false },
    });
  });

  it('says which engine makes the portraits: the studio retouch or a hosted generator', async () => {
    const su = await t.superuser();
    await su.settings.update({ processing: { provider: 'fal' } });
    expect((await get()).engine).toEqual({ kind: 'hosted', provider: 'fal' });
    await su.settings.update({ processing: { provider: 'studio' } });
    expect((await get()).engine).toEqual({ kind: 'studio', provider: 'studio' });
  });

  it('says whether mails go out, so no page promises one that only reaches the dev outbox', async () => {
    const su = await t.superuser();
    await su.settings.update({ smtp: { enabled: true, host: '127.0.0.1', port: 2525 } });
    expect((await get()).mail).toEqual({ delivered: true });
    await su.settings.update({ smtp: { enabled: false } });
    expect((await get()).mail).toEqual({ delivered: false });
  });

  it('follows settings changes at once', async () => {
    const su = await t.superuser();
    await su.settings.update({
      meta: { appName: 'Portrait Studio' },
      processing: { originalsRetentionDays: 7, resultsRetentionDays: 90 },
      photoshoots: { maxPhotos: 12, minAcceptedPhotos: 4, freeRedos: 2 },
    });
    const { pb } = await t.user();
    for (const client of [t.client(), pb, su]) {
      const config = await get(client);
      expect(config.appName).toBe('Portrait Studio');
      expect(config.retention).toEqual({ originalsDays: 7, resultsDays: 90 });
      expect(config.photoshoots).toEqual({ maxPhotos: 12, minAcceptedPhotos: 4, freeRedos: 2 });
    }
  });

  it('never carries a secret, even when the payment provider has keys', async () => {
    const su = await t.superuser();
    const secret = 'sk_test_public_config_must_not_leak';
    const webhook = 'whsec_public_config_must_not_leak';
    await su.settings.update({
      payments: { provider: 'stripe', stripeSecretKey: secret, stripeWebhookSecret: webhook },
    });
    const res = await fetch(`${t.url}/api/public/config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const text = await res.text();
    expect(JSON.parse(text).payments).toEqual({ provider: 'stripe' });
    expect(text).not.toContain(secret);
    expect(text).not.toContain(webhook);
    expect(text).not.toMatch(/smtp|password|clientSecret/i);
    await su.settings.update({ payments: { provider: 'sandbox' } });
    expect((await get()).payments.provider).toBe('sandbox');
  });

  it('honours ?fields= like every other endpoint', async () => {
    const config = await get(t.client(), { fields: 'retention' });
    expect(Object.keys(config)).toEqual(['retention']);
  });

  it('is read-only: other methods get the 404 error shape', async () => {
    const res = await fetch(`${t.url}/api/public/config`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, data: {} });
  });
});

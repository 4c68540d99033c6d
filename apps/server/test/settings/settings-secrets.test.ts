/**
 * Secrets are write-only: `GET /api/settings` blanks them, `GET /api/admin/settings/secrets` says
 * only whether each is set, a PATCH that leaves one out keeps it, a new value replaces it, and
 * `null` clears it.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';

const STRIPE_KEY = 'sk_test_write_only_0123456789';
const WEBHOOK = 'whsec_write_only_0123456789';
const SMTP_PASSWORD = 'smtp-password-write-only';

describe.each(engines)('write-only settings secrets (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(() => t?.close());

  const secrets = (pb = su) => pb.send<Record<string, boolean>>('/api/admin/settings/secrets', {});

  it('is for superusers only: 401 for a guest, 403 for a customer', async () => {
    expect((await failure(secrets(t.client()))).status).toBe(401);
    const { pb } = await t.user();
    const customer = await failure(secrets(pb));
    expect(customer.status).toBe(403);
    expect(customer.response).toMatchObject({ status: 403, data: {} });
  });

  it('says every secret is not set on a fresh install', async () => {
    const status = await secrets();
    expect(status).toMatchObject({
      'smtp.password': false,
      's3.secret': false,
      'payments.stripeSecretKey': false,
      'payments.stripeWebhookSecret': false,
      'processing.fal.apiKey': false,
      'processing.replicate.apiToken': false,
      'processing.astria.apiKey': false,
    });
    expect(Object.values(status).every((v) => v === false)).toBe(true);
  });

  it('never returns a saved secret, shows it as set, and keeps it when a save leaves it out', async () => {
    const saved = await su.settings.update({
      payments: { provider: 'stripe', stripeSecretKey: STRIPE_KEY, stripeWebhookSecret: WEBHOOK },
      smtp: { password: SMTP_PASSWORD },
    });
    const text = JSON.stringify([saved, await su.settings.getAll(), await secrets()]);
    for (const secret of [STRIPE_KEY, WEBHOOK, SMTP_PASSWORD]) expect(text).not.toContain(secret);
    expect(saved.payments.stripeSecretKey).toBe('');
    expect(await secrets()).toMatchObject({
      'payments.stripeSecretKey': true,
      'payments.stripeWebhookSecret': true,
      'smtp.password': true,
    });

    // A form saved without touching the secrets sends them blank (what GET gave it): kept.
    const form = await su.settings.getAll();
    await su.settings.update({ payments: { ...form.payments, currency: 'eur' }, smtp: form.smtp });
    const stored = t.app.settings.get();
    expect(stored.payments.stripeSecretKey).toBe(STRIPE_KEY);
    expect(stored.payments.stripeWebhookSecret).toBe(WEBHOOK);
    expect(stored.smtp.password).toBe(SMTP_PASSWORD);
    expect(stored.payments.currency).toBe('eur');

    // A new value replaces it.
    await su.settings.update({ payments: { stripeSecretKey: 'sk_test_replaced' } });
    expect(t.app.settings.get().payments.stripeSecretKey).toBe('sk_test_replaced');
    expect((await secrets())['payments.stripeSecretKey']).toBe(true);
  });

  it('names list secrets by position (OAuth2 providers)', async () => {
    await su.settings.update({
      oauth2: {
        providers: [{ name: 'google', clientId: 'id.apps', clientSecret: 'oauth-secret', enabled: true }],
      },
    });
    expect((await secrets())['oauth2.providers.0.clientSecret']).toBe(true);
    expect(JSON.stringify(await su.settings.getAll())).not.toContain('oauth-secret');
  });

  it('clears a secret the patch sets to null, and only that one', async () => {
    await su.settings.update({ smtp: { password: SMTP_PASSWORD }, s3: { secret: 's3-secret-to-clear' } });
    expect(await secrets()).toMatchObject({ 'smtp.password': true, 's3.secret': true });

    const saved = await su.settings.update({ s3: { secret: null } });
    expect(saved.s3.secret).toBe('');
    expect(t.app.settings.get().s3.secret).toBe('');
    expect(t.app.settings.get().smtp.password).toBe(SMTP_PASSWORD);
    expect(await secrets()).toMatchObject({ 'smtp.password': true, 's3.secret': false });

    // Cleared stays cleared through a later save of the blank form.
    const form = await su.settings.getAll();
    await su.settings.update({ s3: form.s3, smtp: form.smtp });
    expect(t.app.settings.get().s3.secret).toBe('');
    expect(t.app.settings.get().smtp.password).toBe(SMTP_PASSWORD);
  });

  it('clears a list secret by null, keeping the item', async () => {
    await su.settings.update({
      oauth2: {
        providers: [{ name: 'google', clientId: 'id.apps', clientSecret: 'oauth-secret', enabled: false }],
      },
    });
    await su.settings.update({
      oauth2: { providers: [{ name: 'google', clientId: 'id.apps', clientSecret: null, enabled: false }] },
    });
    expect((await secrets())['oauth2.providers.0.clientSecret']).toBe(false);
    expect(t.app.settings.get().oauth2.providers[0]).toMatchObject({ name: 'google', clientId: 'id.apps' });
  });

  it('a null for a field that is not a secret is a 400 with the field named, and nothing changes', async () => {
    const before = t.app.settings.get().meta.appName;
    const res = await failure(su.settings.update({ meta: { appName: null } }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.response.data as object).join()).toContain('meta');
    expect(t.app.settings.get().meta.appName).toBe(before);
  });
});

/**
 * The `integrations` settings section: ids checked by format (400 with field errors), only the
 * chosen providers' public ids in `/api/public/config`, and the pages' Content-Security-Policy
 * naming exactly their hosts (the strict policy when nothing is configured).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicConfig } from '@photoshoot/contract';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';

const CRISP_ID = '1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';
const TAWK_PROPERTY = '64a1b2c3d4e5f60718293a4b';
const OFF = { chat: 'none', analytics: 'none' };

function tinyDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'photoshoot-web-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe.each(engines)('integrations settings (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let dist: string;
  beforeAll(async () => {
    dist = tinyDist();
    t = await startServer({ engine, webDist: dist });
    su = await t.superuser();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const config = () => t.client().send<PublicConfig>('/api/public/config', {});
  const csp = async (path = '/') => {
    const res = await fetch(`${t.url}${path}`);
    expect(res.status).toBe(200);
    return res.headers.get('content-security-policy') ?? '';
  };

  it('is off by default: nothing in the public config, the strict policy on every page', async () => {
    expect((await su.settings.getAll()).integrations).toEqual({
      chat: 'none',
      crispWebsiteId: '',
      tawkPropertyId: '',
      tawkWidgetId: 'default',
      analytics: 'none',
      plausibleDomain: '',
      ga4MeasurementId: '',
    });
    expect((await config()).integrations).toEqual({ chat: null, analytics: null });
    const policy = await csp();
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(policy, 'font-src')).toBe("font-src 'self'");
  });

  it('refuses malformed ids with a 400 naming each field, and changes nothing', async () => {
    const err = await failure(
      su.settings.update({
        integrations: {
          chat: 'crisp',
          crispWebsiteId: 'not-a-uuid',
          tawkPropertyId: '<script>',
          analytics: 'ga4',
          ga4MeasurementId: 'UA-12345-1',
          plausibleDomain: 'https://shoot.example.com/',
        },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.response.data).toEqual({
      integrations: {
        crispWebsiteId: { code: 'validation_invalid_format', message: expect.stringMatching(/UUID/) },
        tawkPropertyId: { code: 'validation_invalid_format', message: expect.any(String) },
        ga4MeasurementId: { code: 'validation_invalid_format', message: expect.stringMatching(/G-/) },
        plausibleDomain: { code: 'validation_invalid_format', message: expect.stringMatching(/domain/) },
      },
    });
    expect((await config()).integrations).toEqual({ chat: null, analytics: null });
  });

  it('requires the id of the provider picked, and refuses an unknown provider', async () => {
    const missing = await failure(su.settings.update({ integrations: { chat: 'tawk', tawkWidgetId: '' } }));
    expect(missing.status).toBe(400);
    expect(missing.response.data.integrations).toEqual({
      tawkPropertyId: { code: 'validation_required', message: expect.any(String) },
      tawkWidgetId: { code: 'validation_required', message: expect.any(String) },
    });
    const unknown = await failure(su.settings.update({ integrations: { analytics: 'matomo' } }));
    expect(unknown.response.data.integrations).toEqual({
      analytics: { code: 'validation_invalid_value', message: expect.any(String) },
    });
  });

  it("exposes only the chosen providers' public ids, and allows only their hosts", async () => {
    await su.settings.update({
      integrations: {
        chat: 'crisp',
        crispWebsiteId: CRISP_ID,
        tawkPropertyId: TAWK_PROPERTY,
        analytics: 'plausible',
        plausibleDomain: 'shoot.example.com',
        ga4MeasurementId: 'G-AB12CD34EF',
      },
    });
    expect((await config()).integrations).toEqual({
      chat: { provider: 'crisp', websiteId: CRISP_ID },
      analytics: { provider: 'plausible', domain: 'shoot.example.com' },
    });
    const policy = await csp('/');
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' https://client.crisp.chat https://settings.crisp.chat https://plausible.io",
    );
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' https://*.crisp.chat https://plausible.io",
    );
    expect(directive(policy, 'frame-src')).toBe('frame-src https://game.crisp.chat');
    // Providers that are configured but not chosen add nothing.
    expect(policy).not.toMatch(/tawk|google/);
    // The admin pages get the same document and headers: the web app itself never loads them there.
    expect(await csp('/admin')).toBe(policy);
  });

  it('switches providers live: Tawk.to and Google Analytics 4, then back to nothing', async () => {
    await su.settings.update({
      integrations: { chat: 'tawk', tawkWidgetId: '1h2j3k4l', analytics: 'ga4' },
    });
    expect((await config()).integrations).toEqual({
      chat: { provider: 'tawk', propertyId: TAWK_PROPERTY, widgetId: '1h2j3k4l' },
      analytics: { provider: 'ga4', measurementId: 'G-AB12CD34EF' },
    });
    const policy = await csp();
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' https://*.tawk.to https://*.googletagmanager.com",
    );
    expect(directive(policy, 'script-src')).not.toContain('jsdelivr');
    expect(directive(policy, 'img-src')).toContain('https://*.google-analytics.com');
    expect(policy).not.toMatch(/crisp|plausible/);

    await su.settings.update({ integrations: OFF });
    expect((await config()).integrations).toEqual({ chat: null, analytics: null });
    expect(directive(await csp(), 'script-src')).toBe("script-src 'self'");
    // The ids stay for later; switching a provider back on needs no retyping.
    expect((await su.settings.getAll()).integrations.crispWebsiteId).toBe(CRISP_ID);
  });
});

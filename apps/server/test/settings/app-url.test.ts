/**
 * The application URL (`meta.appURL`): checked when saved, adopted from the listen address by
 * `serve` until an operator sets it, and the base of the links customers are mailed.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';
import { lastMailTo } from '../oauth2/outbox.js';
import {
  adoptListenAddress,
  appUrlProblem,
  DEFAULT_APP_URL,
  listenAppUrl,
} from '../../src/core/settings/app-url.js';

describe('application URL rules', () => {
  it('accepts http(s) addresses with an optional path', () => {
    for (const ok of ['https://shoot.example.com', 'http://10.0.0.5:8090', 'https://example.com/photoshoot/'])
      expect(appUrlProblem(ok)).toBeUndefined();
  });
  it('refuses what links cannot be built on', () => {
    for (const bad of [
      '',
      'shoot.example.com',
      'javascript:alert(1)',
      'ftp://example.com',
      'https://user:pw@example.com',
      'https://example.com/?next=1',
      'https://example.com/#top',
    ])
      expect(appUrlProblem(bad), bad).toBeDefined();
  });
  it('turns a listen address into one a browser on this machine reaches', () => {
    expect(listenAppUrl('127.0.0.1', 9000)).toBe('http://127.0.0.1:9000');
    expect(listenAppUrl('0.0.0.0', 80)).toBe('http://127.0.0.1:80');
    expect(listenAppUrl('::1', 8090)).toBe('http://[::1]:8090');
    expect(listenAppUrl('shoot.lan', 8090)).toBe('http://shoot.lan:8090');
  });
});

describe.each(engines)('application URL (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(() => t?.close());

  it('refuses a bad address with a field error and keeps the old one', async () => {
    const before = (await su.settings.getAll()).meta.appURL;
    const err = await failure(su.settings.update({ meta: { appURL: 'https://example.com/?x=1' } }));
    expect(err.status).toBe(400);
    expect(err.response.data).toMatchObject({ meta: { appURL: { code: 'validation_is_url' } } });
    expect((await su.settings.getAll()).meta.appURL).toBe(before);
  });

  it('is adopted from the listen address on a fresh install, and again while nobody set it', async () => {
    expect(t.app.settings.get().meta.appURL).toBe(DEFAULT_APP_URL);
    expect(await adoptListenAddress(t.app, 'http://127.0.0.1:9123')).toBe('http://127.0.0.1:9123');
    expect((await su.settings.getAll()).meta.appURL).toBe('http://127.0.0.1:9123');
    // A later start on another address follows it: the value was serve's, not an operator's.
    expect(await adoptListenAddress(t.app, 'http://127.0.0.1:9124')).toBe('http://127.0.0.1:9124');
  });

  it("never replaces an operator's choice, and mailed links use it", async () => {
    await su.settings.update({ meta: { appURL: 'https://shoot.example.com/' } });
    expect(await adoptListenAddress(t.app, 'http://127.0.0.1:9125')).toBe('https://shoot.example.com/');
    const { email } = await t.user();
    await t.client().collection('users').requestPasswordReset(email);
    const text = await lastMailTo(t, su, email);
    expect(text).toContain('https://shoot.example.com/reset-password?token=');
    expect(text).not.toContain('127.0.0.1');
  });
});

/**
 * The client IP (health's `realIP`, request logs, rate limits) comes from the socket unless an
 * operator trusts a proxy header: a spoofed X-Forwarded-For is ignored by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { hit } from './support.js';

type Health = { data: { realIP?: string; possibleProxyHeader?: string; canBackup?: boolean } };

describe.each(engines)('real client IP (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine, rateLimits: true });
    su = await t.superuser();
  });
  afterAll(() => t.close());

  const health = async (headers: Record<string, string>, token = su.authStore.token) =>
    (await hit(t, '/api/health', { headers, token })).body as Health;
  /** The userIP/remoteIP logged for one request carrying `mark` in its URL. */
  const loggedIps = async (mark: string, headers: Record<string, string>) => {
    await hit(t, `/api/health?${mark}=1`, { headers });
    await t.app.logs.flush();
    const { items } = await su.logs.getList(1, 1, { filter: `data.url ~ '${mark}'` });
    const data = items[0]!.data as { userIP: string; remoteIP: string };
    return { userIP: data.userIP, remoteIP: data.remoteIP };
  };

  it('ignores proxy headers nobody configured, and hints at them', async () => {
    const spoofed = { 'X-Forwarded-For': '203.0.113.9', 'X-Real-IP': '198.51.100.4' };
    const body = await health(spoofed);
    expect(body.data.realIP).toBe('127.0.0.1');
    expect(body.data.possibleProxyHeader).toBe('X-Forwarded-For');
    expect((await health({})).data.possibleProxyHeader).toBe('');
    expect(await loggedIps('spoof1', spoofed)).toEqual({ userIP: '127.0.0.1', remoteIP: '127.0.0.1' });
    // Guests get no details at all.
    expect((await health(spoofed, '')).data).toEqual({});
  });

  it('honours the configured header, rightmost or leftmost entry, and falls back on junk', async () => {
    await su.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
    try {
      const chain = { 'X-Forwarded-For': '203.0.113.9, 10.0.0.2' };
      const body = await health(chain);
      expect(body.data.realIP).toBe('10.0.0.2');
      expect(body.data.possibleProxyHeader).toBe('');
      expect(await loggedIps('chain1', chain)).toEqual({ userIP: '10.0.0.2', remoteIP: '127.0.0.1' });

      await su.settings.update({ trustedProxy: { useLeftmostIP: true } });
      expect((await health(chain)).data.realIP).toBe('203.0.113.9');
      expect((await loggedIps('chain2', chain)).userIP).toBe('203.0.113.9');
      // Only the configured header counts, and a value that is not an address is passed over.
      expect((await health({ 'X-Real-IP': '198.51.100.4' })).data.realIP).toBe('127.0.0.1');
      expect((await health({ 'X-Forwarded-For': 'not-an-ip' })).data.realIP).toBe('127.0.0.1');
    } finally {
      await su.settings.update({ trustedProxy: { headers: [], useLeftmostIP: false } });
    }
  });

  it('rate limits count the same IP: spoofing buys nothing until the header is trusted', async () => {
    await su.settings.update({
      rateLimits: { enabled: true, rules: [{ label: '/api/health', maxRequests: 2, duration: 60 }] },
    });
    try {
      const from = (ip: string) => hit(t, '/api/health', { ip });
      expect((await from('203.0.113.1')).status).toBe(200);
      expect((await from('203.0.113.2')).status).toBe(200);
      expect((await from('203.0.113.3')).status).toBe(429);
      await su.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'] } });
      expect((await from('203.0.113.4')).status).toBe(200);
      expect((await from('203.0.113.4')).status).toBe(200);
      expect((await from('203.0.113.4')).status).toBe(429);
    } finally {
      await su.settings.update({ trustedProxy: { headers: [] }, rateLimits: { enabled: false } });
    }
  });
});

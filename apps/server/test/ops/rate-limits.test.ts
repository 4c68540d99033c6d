import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import type { RateLimitRule } from '../../src/core/settings/settings.js';
import { hit, sleep, trustForwardedFor } from './support.js';

const TOO_MANY = { status: 429, message: 'Too Many Requests.', data: {} };

describe.each(engines)('rate limits (%s)', (engine) => {
  let t: TestServer;
  let ipSeq = 0;
  /** A fresh client address per call, so tests never share a bucket by accident. */
  const newIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  const setRules = (rules: RateLimitRule[], enabled = true) =>
    t.app.settings.patch({ rateLimits: { enabled, rules } });

  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections, rateLimits: true });
    await trustForwardedFor(t);
  });
  afterAll(() => t.close());

  it('is on by default with the documented rules when the harness keeps it', () => {
    const { enabled, rules } = t.app.settings.get().rateLimits;
    expect(enabled).toBe(true);
    expect(rules.map((r) => r.label)).toEqual(
      expect.arrayContaining(['*:auth', '*:create', '/api/batch', '/api/']),
    );
  });

  it('answers 429 in the error shape with Retry-After once a rule is crossed, and recovers after the window', async () => {
    await setRules([{ label: '/api/health', maxRequests: 3, duration: 1 }]);
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await hit(t, '/api/health', { ip })).status).toBe(200);
    const limited = await hit(t, '/api/health', { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(TOO_MANY);
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(1);
    // Paths no rule names are not limited.
    expect((await hit(t, '/api/collections/pub/records', { ip })).status).toBe(200);
    await sleep(1100);
    expect((await hit(t, '/api/health', { ip })).status).toBe(200);
  });

  it('counts per client IP', async () => {
    await setRules([{ label: '/api/health', maxRequests: 2, duration: 60 }]);
    const a = newIp();
    const b = newIp();
    await hit(t, '/api/health', { ip: a });
    await hit(t, '/api/health', { ip: a });
    expect((await hit(t, '/api/health', { ip: a })).status).toBe(429);
    expect((await hit(t, '/api/health', { ip: b })).status).toBe(200);
  });

  it('counts IPv6 clients per /64 network', async () => {
    await setRules([{ label: '/api/health', maxRequests: 2, duration: 60 }]);
    expect((await hit(t, '/api/health', { ip: '2001:db8:1:2::1' })).status).toBe(200);
    expect((await hit(t, '/api/health', { ip: '2001:db8:1:2:ffff::9' })).status).toBe(200);
    expect((await hit(t, '/api/health', { ip: '2001:db8:1:2::abcd' })).status).toBe(429);
    expect((await hit(t, '/api/health', { ip: '2001:db8:1:3::1' })).status).toBe(200);
  });

  it('ignores forwarding headers the settings do not trust', async () => {
    await t.app.settings.patch({ trustedProxy: { headers: [] } });
    try {
      await setRules([{ label: '/api/health', maxRequests: 1, duration: 60 }]);
      expect((await hit(t, '/api/health', { ip: newIp() })).status).toBe(200);
      // A spoofed X-Forwarded-For does not buy a fresh bucket: the socket address counts.
      expect((await hit(t, '/api/health', { ip: newIp() })).status).toBe(429);
    } finally {
      await trustForwardedFor(t);
    }
  });

  it('applies settings changes at once, and limits nothing when disabled', async () => {
    const ip = newIp();
    await setRules([{ label: '/api/health', maxRequests: 1, duration: 60 }]);
    await hit(t, '/api/health', { ip });
    expect((await hit(t, '/api/health', { ip })).status).toBe(429);
    await setRules([{ label: '/api/health', maxRequests: 3, duration: 60 }]);
    expect((await hit(t, '/api/health', { ip })).status).toBe(200);
    await setRules([{ label: '/api/health', maxRequests: 1, duration: 60 }], false);
    for (let i = 0; i < 5; i++) expect((await hit(t, '/api/health', { ip })).status).toBe(200);
  });

  it('applies the most specific rule: collection tags, then method and path, then the longest prefix', async () => {
    await setRules([
      { label: '/api/', maxRequests: 4, duration: 60 },
      { label: '/api/collections/', maxRequests: 3, duration: 60 },
      { label: 'GET /api/collections/pub/records', maxRequests: 2, duration: 60 },
      { label: '*:create', maxRequests: 2, duration: 60 },
      { label: 'pub:create', maxRequests: 1, duration: 60 },
    ]);
    const ip = newIp();
    const create = (title: string) =>
      hit(t, '/api/collections/pub/records', { method: 'POST', ip, body: { title } });
    // pub:create (1) beats *:create (2) and every path rule.
    expect((await create(`rl-${ip}-1`)).status).toBe(200);
    expect((await create(`rl-${ip}-2`)).status).toBe(429);
    // *:create covers a collection without its own rule (the contact form is covered the same way).
    const su = await t.superuser();
    const token = su.authStore.token;
    await setRules([
      { label: '*:create', maxRequests: 2, duration: 60, audience: '@auth' },
      { label: '/api/', maxRequests: 100, duration: 60 },
    ]);
    const user = await t.user();
    const owned = (n: number) =>
      hit(t, '/api/collections/owned/records', {
        method: 'POST',
        ip,
        token: user.pb.authStore.token,
        body: { title: `o${n}`, author: user.id },
      });
    expect((await owned(1)).status).toBe(200);
    expect((await owned(2)).status).toBe(200);
    expect((await owned(3)).status).toBe(429);
    // The method-specific exact path beats the shorter prefixes.
    await setRules([
      { label: '/api/', maxRequests: 4, duration: 60 },
      { label: '/api/collections/', maxRequests: 3, duration: 60 },
      { label: 'GET /api/collections/pub/records', maxRequests: 2, duration: 60 },
    ]);
    const ip2 = newIp();
    expect((await hit(t, '/api/collections/pub/records', { ip: ip2 })).status).toBe(200);
    expect((await hit(t, '/api/collections/pub/records', { ip: ip2 })).status).toBe(200);
    expect((await hit(t, '/api/collections/pub/records', { ip: ip2 })).status).toBe(429);
    // /api/collections/ (3) governs other collection routes; /api/ (4) everything else.
    const view = '/api/collections/pub/records/aaaaaaaaaaaaaaa';
    for (let i = 0; i < 3; i++) expect((await hit(t, view, { ip: ip2 })).status).toBe(404);
    expect((await hit(t, view, { ip: ip2 })).status).toBe(429);
    // (superusers are never limited)
    expect((await hit(t, view, { ip: ip2, token })).status).toBe(404);
    for (let i = 0; i < 4; i++) expect((await hit(t, '/api/health', { ip: ip2 })).status).toBe(200);
    expect((await hit(t, '/api/health', { ip: ip2 })).status).toBe(429);
  });

  it('limits only the audience a rule names', async () => {
    await setRules([{ label: '/api/health', maxRequests: 1, duration: 60, audience: '@guest' }]);
    const ip = newIp();
    const { pb } = await t.user();
    await hit(t, '/api/health', { ip });
    expect((await hit(t, '/api/health', { ip })).status).toBe(429);
    for (let i = 0; i < 3; i++)
      expect((await hit(t, '/api/health', { ip, token: pb.authStore.token })).status).toBe(200);
  });

  it('never limits superusers', async () => {
    const su = await t.superuser();
    await setRules([{ label: '/api/', maxRequests: 1, duration: 60 }]);
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await hit(t, '/api/settings', { ip, token: su.authStore.token })).status).toBe(200);
    await hit(t, '/api/health', { ip });
    expect((await hit(t, '/api/health', { ip })).status).toBe(429);
  });

  describe('sign-in and account flows', () => {
    const signIn = (ip: string, identity: string, password: string) =>
      hit(t, '/api/collections/users/auth-with-password', {
        method: 'POST',
        ip,
        body: { identity, password },
      });
    const requestReset = (ip: string, email: string) =>
      hit(t, '/api/collections/users/request-password-reset', { method: 'POST', ip, body: { email } });

    async function account() {
      await setRules([], false);
      const u = await t.user();
      return u;
    }

    it('limits every auth action per IP under *:auth', async () => {
      const { email, password } = await account();
      await setRules([{ label: '*:auth', maxRequests: 3, duration: 60 }]);
      const ip = newIp();
      expect((await signIn(ip, email, password)).status).toBe(200);
      expect((await requestReset(ip, email)).status).toBe(204);
      expect(
        (await hit(t, '/api/collections/users/request-verification', { method: 'POST', ip, body: { email } }))
          .status,
      ).toBe(204);
      const limited = await signIn(ip, email, password);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual(TOO_MANY);
      expect((await requestReset(ip, email)).status).toBe(429);
      expect((await signIn(newIp(), email, password)).status).toBe(200);
    });

    it('counts failed sign-ins per account and address: the guesser is locked out, the owner is not', async () => {
      const victim = await account();
      const bystander = await account();
      await setRules([{ label: '*:auth', maxRequests: 3, duration: 2 }]);
      const attacker = newIp();
      for (let i = 0; i < 3; i++)
        expect((await signIn(attacker, victim.email, `wrong-${i}`)).status).toBe(400);
      // A fourth guess from the attacker's address is refused before the password is checked...
      const blocked = await signIn(attacker, victim.email, victim.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // ...while the owner, from their own address, signs in with the right password...
      expect((await signIn(newIp(), victim.email, victim.password)).status).toBe(200);
      // ...other accounts are not affected...
      expect((await signIn(newIp(), bystander.email, bystander.password)).status).toBe(200);
      // ...and the attacker's address recovers after the window.
      await sleep(2100);
      expect((await signIn(attacker, victim.email, victim.password)).status).toBe(200);
    });

    it('ten wrong passwords from many addresses do not lock the owner out', async () => {
      const victim = await account();
      await setRules([{ label: '*:auth', maxRequests: 3, duration: 60 }]);
      for (let i = 0; i < 10; i++) await signIn(newIp(), victim.email, `wrong-${i}`);
      expect((await signIn(newIp(), victim.email, victim.password)).status).toBe(200);
    });

    it('counts parallel guesses while their passwords are being checked', async () => {
      const victim = await account();
      await setRules([{ label: '*:auth', maxRequests: 3, duration: 60 }]);
      const guesser = newIp();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => signIn(guesser, victim.email, `guess-${i}`)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 400)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });

    it("clears an account's failures when its owner signs in", async () => {
      const u = await account();
      await setRules([{ label: '*:auth', maxRequests: 3, duration: 60 }]);
      expect((await signIn(newIp(), u.email, 'wrong-1')).status).toBe(400);
      expect((await signIn(newIp(), u.email, 'wrong-2')).status).toBe(400);
      expect((await signIn(newIp(), u.email, u.password)).status).toBe(200);
      expect((await signIn(newIp(), u.email, 'wrong-3')).status).toBe(400);
      expect((await signIn(newIp(), u.email, 'wrong-4')).status).toBe(400);
      expect((await signIn(newIp(), u.email, u.password)).status).toBe(200);
    });

    it('is lockout-safe: an attacker hammering an account cannot stop its owner from resetting the password', async () => {
      const victim = await account();
      const su = await t.superuser();
      await setRules([{ label: '*:auth', maxRequests: 3, duration: 2 }]);
      const attacker = newIp();
      // The attacker exhausts its failed sign-ins on the account from its address, and spams reset
      // requests from its own until that address is limited.
      for (let i = 0; i < 3; i++) await signIn(attacker, victim.email, `wrong-${i}`);
      expect((await signIn(attacker, victim.email, victim.password)).status).toBe(429);
      for (let i = 0; i < 3; i++) await requestReset(attacker, victim.email);
      expect((await requestReset(attacker, victim.email)).status).toBe(429);

      // The owner, from their own address, is not limited, and has a live reset link in their
      // inbox: either from this request or from one of the attacker's (the flows mail a record at
      // most once per resend window, and every link stays valid far longer than that window).
      const owner = newIp();
      expect((await requestReset(owner, victim.email)).status).toBe(204);
      await t.app.mailer.idle();
      const outbox = await hit(t, '/api/mail/outbox?perPage=500', { token: su.authStore.token });
      const mails = (outbox.body as { items: { to: string; text: string }[] }).items.filter((m) =>
        m.to.includes(victim.email),
      );
      expect(mails.length).toBeGreaterThanOrEqual(1);
      const token = /token=([\w.-]+)/.exec(mails[0]!.text)?.[1];
      expect(token).toBeTruthy();
      const confirm = await hit(t, '/api/collections/users/confirm-password-reset', {
        method: 'POST',
        ip: owner,
        body: { token, password: 'brand-new-pass-1', passwordConfirm: 'brand-new-pass-1' },
      });
      expect(confirm.status).toBe(204);
      // Password sign-in from the owner's address was never closed.
      expect((await signIn(owner, victim.email, 'brand-new-pass-1')).status).toBe(200);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { CollectionRegistry } from '../../src/core/schema/registry.js';
import { productCollections } from '../../src/modules/all-collections.js';
import { describeRequest } from '../../src/core/ratelimit/request-target.js';
import { findRule } from '../../src/core/ratelimit/find-rule.js';
import { FixedWindowCounters } from '../../src/core/ratelimit/fixed-window.js';
import { clientKey } from '../../src/core/ratelimit/rate-limiter.js';
import type { RateLimitRule } from '../../src/core/settings/settings.js';

const registry = new CollectionRegistry(productCollections);
const rule = (label: string, audience?: RateLimitRule['audience']): RateLimitRule => ({
  label,
  maxRequests: 1,
  duration: 1,
  audience,
});
const pick = (rules: RateLimitRule[], method: string, url: string, audience: '@guest' | '@auth' = '@guest') =>
  findRule(rules, describeRequest(registry, method, url), audience)?.label ?? null;

describe('request tags', () => {
  it('tags collection routes with PocketBase action ids and our auth group', () => {
    expect(describeRequest(registry, 'POST', '/api/collections/users/auth-with-password?x=1')).toMatchObject({
      path: '/api/collections/users/auth-with-password',
      collection: 'users',
      action: 'authWithPassword',
      group: 'auth',
      accountField: 'identity',
    });
    expect(describeRequest(registry, 'POST', '/api/collections/users/request-password-reset')).toMatchObject({
      action: 'requestPasswordReset',
      group: 'auth',
    });
    expect(
      describeRequest(registry, 'POST', '/api/collections/users/request-password-reset').accountField,
    ).toBeUndefined();
    expect(describeRequest(registry, 'POST', '/api/collections/users/auth-with-otp')).toMatchObject({
      action: 'authWithOTP',
      accountField: 'otpId',
    });
    expect(describeRequest(registry, 'GET', '/api/collections/users/records')).toMatchObject({
      action: 'list',
    });
    expect(describeRequest(registry, 'POST', '/api/collections/users/records')).toMatchObject({
      action: 'create',
    });
    expect(describeRequest(registry, 'GET', '/api/collections/users/records/abc')).toMatchObject({
      action: 'view',
    });
    expect(describeRequest(registry, 'PATCH', '/api/collections/users/records/abc')).toMatchObject({
      action: 'update',
    });
    expect(describeRequest(registry, 'DELETE', '/api/collections/users/records/abc')).toMatchObject({
      action: 'delete',
    });
    expect(describeRequest(registry, 'GET', '/api/files/users/abc/a.png')).toMatchObject({ action: 'file' });
    // By collection id too, reported under the collection's name.
    expect(describeRequest(registry, 'POST', '/api/collections/_pb_users_auth_/records')).toMatchObject({
      collection: 'users',
      action: 'create',
    });
  });

  it('leaves unknown collections and other routes untagged', () => {
    expect(describeRequest(registry, 'POST', '/api/collections/nope/records').action).toBeUndefined();
    expect(describeRequest(registry, 'POST', '/api/collections/users/not-a-route').action).toBeUndefined();
    expect(describeRequest(registry, 'PUT', '/api/collections/users/records').action).toBeUndefined();
    expect(describeRequest(registry, 'POST', '/api/files/token').action).toBeUndefined();
    expect(describeRequest(registry, 'POST', '/api/batch').action).toBeUndefined();
  });
});

describe('rule matching', () => {
  const defaults = [rule('*:auth'), rule('*:create'), rule('/api/batch'), rule('/api/')];

  it('matches PocketBase default labels', () => {
    expect(pick(defaults, 'POST', '/api/collections/users/auth-with-password')).toBe('*:auth');
    expect(pick(defaults, 'POST', '/api/collections/users/auth-refresh')).toBe('*:auth');
    expect(pick(defaults, 'POST', '/api/collections/users/confirm-email-change')).toBe('*:auth');
    expect(pick(defaults, 'POST', '/api/collections/users/records')).toBe('*:create');
    expect(pick(defaults, 'GET', '/api/collections/users/records')).toBe('/api/');
    expect(pick(defaults, 'POST', '/api/batch')).toBe('/api/batch');
    expect(pick(defaults, 'POST', '/api/batchy')).toBe('/api/');
    expect(pick(defaults, 'GET', '/assets/app.js')).toBeNull();
  });

  it('prefers the collection, then the exact action, over wildcards and groups', () => {
    const rules = [
      rule('*:auth'),
      rule('*:authWithPassword'),
      rule('users:auth'),
      rule('users:authWithPassword'),
    ];
    const url = '/api/collections/users/auth-with-password';
    expect(pick(rules, 'POST', url)).toBe('users:authWithPassword');
    expect(pick(rules.slice(0, 3), 'POST', url)).toBe('users:auth');
    expect(pick(rules.slice(0, 2), 'POST', url)).toBe('*:authWithPassword');
    expect(pick(rules.slice(0, 1), 'POST', url)).toBe('*:auth');
    expect(pick(rules, 'POST', '/api/collections/_superusers/auth-with-password')).toBe('*:authWithPassword');
  });

  it('prefers method + path, exact paths and longer prefixes', () => {
    const rules = [
      rule('/api/'),
      rule('/api/collections/'),
      rule('/api/health'),
      rule('GET /api/health'),
      rule('POST /api/'),
    ];
    expect(pick(rules, 'GET', '/api/health')).toBe('GET /api/health');
    expect(pick(rules, 'HEAD', '/api/health')).toBe('/api/health');
    expect(pick(rules, 'GET', '/api/collections/x/records')).toBe('/api/collections/');
    expect(pick(rules, 'POST', '/api/settings')).toBe('POST /api/');
    expect(pick(rules, 'GET', '/api/settings')).toBe('/api/');
    // A prefix label covers the bare path too.
    expect(pick([rule('/api/collections/')], 'GET', '/api/collections')).toBe('/api/collections/');
  });

  it('honours audiences, preferring an audience-specific rule of the same label', () => {
    const rules = [rule('/api/', '@auth'), rule('/api/health', '@guest'), rule('/api/health')];
    expect(findRule(rules, describeRequest(registry, 'GET', '/api/health'), '@guest')?.audience).toBe(
      '@guest',
    );
    expect(
      findRule(rules, describeRequest(registry, 'GET', '/api/health'), '@auth')?.audience,
    ).toBeUndefined();
    expect(pick(rules, 'GET', '/api/settings', '@guest')).toBeNull();
    expect(pick(rules, 'GET', '/api/settings', '@auth')).toBe('/api/');
  });
});

describe('fixed windows', () => {
  it('allows max hits per window, tells when to retry, and opens a new window afterwards', () => {
    let now = 1_000_000;
    const c = new FixedWindowCounters(() => now);
    expect(c.hit('k', 2, 10_000).allowed).toBe(true);
    now += 4000;
    expect(c.hit('k', 2, 10_000).allowed).toBe(true);
    const refused = c.hit('k', 2, 10_000);
    expect(refused).toEqual({ allowed: false, count: 2, retryAfterSec: 6 });
    now += 5999;
    expect(c.hit('k', 2, 10_000).retryAfterSec).toBe(1);
    now += 1;
    expect(c.hit('k', 2, 10_000)).toMatchObject({ allowed: true, count: 1 });
    expect(c.hit('other', 2, 10_000)).toMatchObject({ allowed: true, count: 1 });
  });

  it('gives hits back and resets keys', () => {
    const c = new FixedWindowCounters(() => 0);
    c.hit('k', 1, 1000);
    expect(c.hit('k', 1, 1000).allowed).toBe(false);
    c.release('k');
    expect(c.hit('k', 1, 1000).allowed).toBe(true);
    c.reset('k');
    expect(c.hit('k', 1, 1000).allowed).toBe(true);
  });
});

describe('client keys', () => {
  it('keys IPv4 by address and IPv6 by /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:a:b:1:2:3:4')).toBe('2001:0db8:000a:000b::/64');
    expect(clientKey('2001:db8:a:b::9')).toBe('2001:0db8:000a:000b::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(clientKey('::1')).toBe('0000:0000:0000:0000::/64');
  });
});

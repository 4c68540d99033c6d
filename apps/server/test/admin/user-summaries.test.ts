/**
 * `GET /api/admin/users/summaries`: who may read it (guest 401, customer 403, superuser 200), its
 * answer to bad input (400 on `ids`), and that each figure says what it claims, per engine. Also
 * the impersonation the users page hands to a new tab: short-lived and not refreshable.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { expectErrorBody, failure } from '../support/errors.js';

type Summary = {
  id: string;
  photoshoots: number;
  lastActivity: string;
  signIn: { password: boolean; oauth2: string[]; otp: boolean; mfa: boolean };
};

describe.each(engines)('admin user summaries (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(async () => {
    await t?.close();
  });

  const summaries = (pb: PocketBase, ids: string) =>
    pb.send<{ items: Summary[] }>('/api/admin/users/summaries', { query: { ids } });

  it('answers 401 to a guest and 403 to a customer, in the error shape', async () => {
    const customer = await t.user();
    const guest = await failure(summaries(t.client(), customer.id));
    expect(guest.status).toBe(401);
    expectErrorBody(guest.response, 401);
    const denied = await failure(summaries(customer.pb, customer.id));
    expect(denied.status).toBe(403);
    expectErrorBody(denied.response, 403);
  });

  it('refuses a missing, oversized or malformed id list with a 400 on ids', async () => {
    for (const ids of ['', ' , ', Array.from({ length: 101 }, (_, i) => `u${i}`).join(','), "a'b"]) {
      const err = await failure(summaries(su, ids));
      expect(err.status, ids).toBe(400);
      const data = expectErrorBody(err.response, 400);
      expect(data.ids).toMatchObject({ code: expect.stringMatching(/^validation_/) });
    }
  });

  it('counts photoshoots, dates the last activity and lists linked providers', async () => {
    const busy = await t.user();
    const idle = await t.user();
    await su.collection('photoshoots').create({ user: busy.id, title: 'One' });
    const last = await su.collection('photoshoots').create({ user: busy.id, title: 'Two' });
    const users = t.app.registry.require('users');
    await su.settings.update({ mfa: { enabled: false }, otp: { enabled: true, collections: ['users'] } });
    for (const provider of ['google', 'github'])
      await t.app.db.run(
        `INSERT INTO "_externalAuths" ("id","collectionRef","recordRef","provider","providerId","unproven","created","updated") VALUES (?,?,?,?,?,?,?,?)`,
        [
          `ea${provider}`.padEnd(15, '0'),
          users.id,
          busy.id,
          provider,
          `${provider}-1`,
          false,
          last.created,
          last.created,
        ],
      );

    const { items } = await summaries(su, `${idle.id},nosuchuser,${busy.id},${idle.id}`);
    // Unknown ids are left out; duplicates answered once; the order is the request's.
    expect(items.map((s) => s.id)).toEqual([idle.id, busy.id]);
    const [quiet, active] = items;
    expect(quiet).toMatchObject({
      photoshoots: 0,
      signIn: { password: true, oauth2: [], otp: true, mfa: false },
    });
    expect(active).toMatchObject({ photoshoots: 2, signIn: { oauth2: ['github', 'google'] } });
    expect(active!.lastActivity >= String(last.updated)).toBe(true);
    expect(quiet!.lastActivity).toBe(String((await su.collection('users').getOne(idle.id)).updated));
  });

  it('impersonates with a short, non-refreshable token that sees the customer’s own photoshoots', async () => {
    const customer = await t.user();
    const shoot = await su.collection('photoshoots').create({ user: customer.id, title: 'Mine' });
    const as = await su.collection('users').impersonate(customer.id, 900);
    const payload = JSON.parse(Buffer.from(as.authStore.token.split('.')[1]!, 'base64url').toString());
    // PocketBase's tokens carry no iat: the expiry is about 15 minutes from now.
    const left = payload.exp - Date.now() / 1000;
    expect(left).toBeGreaterThan(800);
    expect(left).toBeLessThanOrEqual(901);
    expect(payload.refreshable).toBe(false);
    const list = await as.collection('photoshoots').getFullList();
    expect(list.map((p) => p.id)).toEqual([shoot.id]);
    // A refresh keeps it what it is: no later expiry, still not refreshable.
    const refreshed = await as.collection('users').authRefresh();
    const again = JSON.parse(Buffer.from(refreshed.token.split('.')[1]!, 'base64url').toString());
    expect(again.exp).toBeLessThanOrEqual(payload.exp);
    expect(again.refreshable).toBe(false);
  });
});

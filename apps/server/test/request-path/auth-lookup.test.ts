/**
 * The verified-token memo (core/auth/auth-lookup.ts, decision 014) must never accept a token that
 * full verification would refuse: each case first uses the token (so it is remembered), then
 * changes what the token depends on, in ways that emit no record event, and expects a 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { readParam, writeParam } from '../../src/core/params.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('auth lookup memo (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Status of an authenticated request with `token` (auth-refresh needs a valid auth token). */
  const refreshStatus = async (token: string) =>
    (
      await fetch(`${t.url}/api/collections/users/auth-refresh`, {
        method: 'POST',
        headers: { authorization: token },
      })
    ).status;

  it('accepts a token again and again while nothing it depends on changes', async () => {
    const { pb } = await t.user();
    const token = pb.authStore.token;
    for (let i = 0; i < 3; i++) expect(await refreshStatus(token)).toBe(200);
  });

  it('refuses a remembered token once the tokenKey changed behind the API (raw SQL, no event)', async () => {
    const { pb, id } = await t.user();
    const token = pb.authStore.token;
    expect(await refreshStatus(token)).toBe(200);
    await t.app.db.run('UPDATE "users" SET "tokenKey" = ? WHERE "id" = ?', ['rotated-key-000000000000', id]);
    expect(await refreshStatus(token)).toBe(401);
  });

  it('refuses a remembered token once its record is gone', async () => {
    const { pb, id } = await t.user();
    const token = pb.authStore.token;
    expect(await refreshStatus(token)).toBe(200);
    await t.app.db.run('DELETE FROM "users" WHERE "id" = ?', [id]);
    expect(await refreshStatus(token)).toBe(401);
  });

  it('refuses a remembered token once the collection secret changed', async () => {
    const { pb } = await t.user();
    const token = pb.authStore.token;
    expect(await refreshStatus(token)).toBe(200);
    const users = t.app.registry.require('users');
    const secrets = (await readParam<Record<string, Record<string, string>>>(t.app.db, 'secrets'))!;
    const before = structuredClone(secrets);
    secrets[users.id]!.auth = `${secrets[users.id]!.auth}-rotated`;
    await writeParam(t.app.db, 'secrets', secrets);
    await t.app.reloadSecrets();
    try {
      expect(await refreshStatus(token)).toBe(401);
    } finally {
      await writeParam(t.app.db, 'secrets', before);
      await t.app.reloadSecrets();
    }
    // Back to the old secret, the same token is good again: the memo did not blacklist it either.
    expect(await refreshStatus(token)).toBe(200);
  });

  it('refuses a remembered token once it has expired', async () => {
    const { id } = await t.user();
    const users = t.app.registry.require('users');
    const record = (await t.app.records.findById(users, id))!;
    const token = await t.app.auth.issueToken(users, record, 'auth', { duration: 1 });
    expect(await refreshStatus(token)).toBe(200);
    await sleep(2100);
    expect(await refreshStatus(token)).toBe(401);
  });
});

/** `/api/health`, HEAD handling and unmatched API routes (as PocketBase answers them). */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { jsonHeaders, MSG, raw, rejects } from './helpers.js';
import { expectErrorBody } from '../support/errors.js';

describe.each(engines)('health and routing (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
    su = await t.superuser();
  });
  afterAll(() => t?.close());

  it('GET /api/health as a guest is exactly {"message":"API is healthy.","code":200,"data":{}}', async () => {
    expect(await t.client().health.check()).toStrictEqual({
      message: 'API is healthy.',
      code: 200,
      data: {},
    });
    const res = await raw(t.url, '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toStrictEqual({ message: 'API is healthy.', code: 200, data: {} });
  });

  it('a user token is not enough for the superuser details', async () => {
    const { pb } = await t.user();
    expect((await pb.health.check()).data).toStrictEqual({});
  });

  it('a superuser also gets data.canBackup', async () => {
    const res = await su.health.check();
    expect(res.code).toBe(200);
    expect(res.message).toBe('API is healthy.');
    expect(res.data.canBackup).toBeTypeOf('boolean');
  });

  it('HEAD /api/health is 200 with an empty body', async () => {
    const res = await raw(t.url, '/api/health', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('an unknown /api route is 404 with the error shape', async () => {
    const data = await rejects(t.client().send('/api/nope', {}), 404, MSG.notFound);
    expect(data).toEqual({});
    const res = await raw(t.url, '/api/nope', { method: 'POST', headers: jsonHeaders(), body: '{}' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(expectErrorBody(res.json, 404, MSG.notFound)).toEqual({});
  });

  it('HEAD on an unknown /api route is 404 with an empty body', async () => {
    const res = await raw(t.url, '/api/nope', { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(res.text).toBe('');
  });

  it('sends the standard security headers', async () => {
    const res = await raw(t.url, '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-xss-protection')).toBe('1; mode=block');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

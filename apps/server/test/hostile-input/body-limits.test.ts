import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { recordBodyBytes } from '../../src/apis/record-body-limit.js';
const DEFAULT_JSON_BODY_LIMITS = { maxBytes: 1024 * 1024, maxDepth: 64 };

type Answer = { status: number; body: { status: number; message: string; data: object } };

/**
 * Sends headers and `first`, then keeps the request open without sending the rest: an answer
 * proves the server refused the body before reading it all (a 30 MB nested body once blocked
 * the event loop for seconds).
 */
function sendAndHold(
  url: string,
  path: string,
  headers: Record<string, string>,
  first: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
      });
    });
    req.on('error', reject);
    req.write(first);
  });
}

async function post(
  t: TestServer,
  path: string,
  body: string | FormData,
  contentType?: string,
): Promise<Answer> {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  const res = await fetch(`${t.url}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const MAX = DEFAULT_JSON_BODY_LIMITS.maxBytes;
const DEPTH = DEFAULT_JSON_BODY_LIMITS.maxDepth;

describe.each(engines)('JSON body limits (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
    await t.app.settings.patch({ batch: { enabled: true } });
  });
  afterAll(() => t.close());

  it('refuses a 30 MB JSON body to /api/realtime by its Content-Length, before reading it (413)', async () => {
    const r = await sendAndHold(
      t.url,
      '/api/realtime',
      { 'content-type': 'application/json', 'content-length': String(30 * 1024 * 1024) },
      '[[[[',
    );
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ status: 413, message: 'Request entity too large.', data: {} });
  });

  it('refuses a chunked JSON body nested too deep at the first bracket past the limit (400)', async () => {
    const r = await sendAndHold(
      t.url,
      '/api/realtime',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      '['.repeat(DEPTH + 1),
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/nested deeper/);
    expect(Object.keys(r.body).sort()).toEqual(['data', 'message', 'status']);
  });

  it('refuses a chunked JSON body once it passes the size limit (413)', async () => {
    const r = await sendAndHold(
      t.url,
      '/api/collections/pub/records',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      `{"title":"${'x'.repeat(MAX)}`,
    );
    expect(r.status).toBe(413);
  });

  it("takes a body at the depth limit and just under the route's size limit", async () => {
    const ok = await post(
      t,
      '/api/collections/pub/records',
      JSON.stringify({
        title: 'deep enough',
        x: JSON.parse(`${'['.repeat(DEPTH - 1)}${']'.repeat(DEPTH - 1)}`),
      }),
      'application/json',
    );
    expect(ok.status).toBe(200);
    const big = await post(
      t,
      '/api/collections/pub/records',
      JSON.stringify({
        title: 'big enough',
        pad: 'y'.repeat(recordBodyBytes(t.app.registry.require('pub')) - 100),
      }),
      'application/json',
    );
    expect(big.status).toBe(200);
  });

  it('holds @jsonPayload parts, text parts, urlencoded and batch bodies to the same limits', async () => {
    const deepPayload = new FormData();
    deepPayload.append('@jsonPayload', `{"title":"x","a":${'['.repeat(DEPTH + 1)}${']'.repeat(DEPTH + 1)}}`);
    expect((await post(t, '/api/collections/pub/records', deepPayload)).status).toBe(400);

    const manyParts = new FormData();
    for (let i = 0; i < 3; i++) manyParts.append(`f${i}`, 'z'.repeat(MAX / 2));
    expect((await post(t, '/api/collections/pub/records', manyParts)).status).toBe(413);

    const urlencoded = `title=${'u'.repeat(MAX)}`;
    expect(
      (await post(t, '/api/collections/pub/records', urlencoded, 'application/x-www-form-urlencoded')).status,
    ).toBe(413);

    const deepBatch = `{"requests":[{"method":"POST","url":"/api/collections/pub/records","body":{"title":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}}]}`;
    const batch = await post(t, '/api/batch', deepBatch, 'application/json');
    expect(batch.status).toBe(400);
    expect(batch.body.message).toMatch(/nested deeper/);
    const bigBatch = JSON.stringify({
      requests: [{ method: 'POST', url: '/api/collections/pub/records', body: { title: 'b'.repeat(MAX) } }],
    });
    expect((await post(t, '/api/batch', bigBatch, 'application/json')).status).toBe(413);
  });

  it('still serves normal requests afterwards', async () => {
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    const rec = await t.client().collection('pub').create({ title: 'calm again' });
    expect(rec.title).toBe('calm again');
  });
});

/** SDK-level smoke tests of PocketBase's records and auth APIs. */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { inBatches, MSG } from './helpers.js';
import { expectErrorBody, failure } from '../support/errors.js';

const ROWS = 2500;

type Sent = { path: string; query: Record<string, unknown> };

/** A client that records every request it sends (the SDK appends `options.query` after this hook). */
function countingClient(t: TestServer): { pb: PocketBase; sent: Sent[] } {
  const pb = t.client();
  const sent: Sent[] = [];
  pb.beforeSend = (url, options) => {
    sent.push({ path: new URL(url).pathname, query: { ...(options.query ?? {}) } });
    return { url, options };
  };
  return { pb, sent };
}

describe.each(engines)('SDK smoke (%s)', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
    const pb = t.client();
    const numbers = Array.from({ length: ROWS }, (_, i) => i);
    await inBatches(numbers, 25, (i) =>
      pb.collection('pub').create({ title: `row-${String(i).padStart(5, '0')}`, total: i }),
    );
  }, 180_000);
  afterAll(() => t?.close());

  it(`getFullList() over ${ROWS} rows sends exactly 3 requests (1000, 1000, 500) and returns every row`, async () => {
    const { pb, sent } = countingClient(t);
    const all = await pb.collection('pub').getFullList();
    expect(all).toHaveLength(ROWS);
    expect(new Set(all.map((r) => r.id)).size).toBe(ROWS);
    expect(new Set(all.map((r) => r.title)).size).toBe(ROWS);
    expect(sent).toHaveLength(3);
    expect(sent.map((s) => s.query.page)).toEqual([1, 2, 3]);
    for (const s of sent) {
      expect(s.path).toBe('/api/collections/pub/records');
      expect(s.query.perPage).toBe(1000);
    }
  });

  it('getFullList with a sort returns the rows in that order', async () => {
    const sorted = await t
      .client()
      .collection('pub')
      .getFullList({ sort: '-total', filter: 'total >= 2400' });
    expect(sorted.map((r) => r.total)).toEqual(Array.from({ length: 100 }, (_, i) => 2499 - i));
  });

  it('getFirstListItem with no match throws 404 "The requested resource wasn\'t found." after one request', async () => {
    const { pb, sent } = countingClient(t);
    const err = await failure(pb.collection('pub').getFirstListItem('title = "no such row"'));
    expect(err).toBeInstanceOf(ClientResponseError);
    expect(err.status).toBe(404);
    expect(err.message).toBe(MSG.notFound);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query).toMatchObject({ page: 1, perPage: 1, filter: 'title = "no such row"' });
  });

  it('getFirstListItem with a match returns it', async () => {
    const rec = await t.client().collection('pub').getFirstListItem('title = "row-00042"');
    expect(rec.total).toBe(42);
  });

  it('getOne("") throws 404 "Missing required record id." without a request', async () => {
    const { pb, sent } = countingClient(t);
    const err = await failure(pb.collection('pub').getOne(''));
    expect(err.status).toBe(404);
    expect(err.message).toBe('Missing required record id.');
    expect(sent).toHaveLength(0);
  });

  it('a server error reaches the SDK as ClientResponseError with the server message', async () => {
    const err = await failure(t.client().collection('locked').getList());
    expect(err.status).toBe(403);
    expect(err.message).toBe(MSG.superusersOnly);
    expectErrorBody(err.response, 403, MSG.superusersOnly);
  });

  it('authWithPassword fills the auth store and authStore.isValid is true', async () => {
    const { email, password } = await t.user();
    const pb = t.client();
    const res = await pb.collection('users').authWithPassword(email, password);
    expect(pb.authStore.isValid).toBe(true);
    expect(pb.authStore.token).toBe(res.token);
    expect(pb.authStore.record?.email).toBe(email);
    pb.authStore.clear();
    expect(pb.authStore.isValid).toBe(false);
  });
});

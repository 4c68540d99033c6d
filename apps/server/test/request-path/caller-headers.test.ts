/**
 * Rules see the request's headers and query through the HTTP caller's lazy accessors
 * (apis/request-caller.ts), on the record itself and through `expand` (which copies the caller).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';

const RULE = "@request.headers.x_pass = 'open' && @request.query.k = 'v'";
const doors = defineCollection({
  name: 'hdr_doors',
  fields: [f.text('title')],
  listRule: RULE,
  viewRule: RULE,
});
const rooms = defineCollection({
  name: 'hdr_rooms',
  fields: [f.text('title'), f.relation('door', 'hdr_doors')],
  listRule: '',
  viewRule: '',
});

describe.each(engines)('rules reading headers and query over HTTP (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let doorId = '';
  let roomId = '';
  beforeAll(async () => {
    t = await startServer({ engine, collections: [doors, rooms] });
    su = await t.superuser();
    doorId = (await su.collection('hdr_doors').create({ title: 'd' })).id;
    roomId = (await su.collection('hdr_rooms').create({ title: 'r', door: doorId })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, pass?: string) =>
    fetch(`${t.url}${path}`, { headers: pass ? { 'X-Pass': pass } : {} });

  it('lets the view and the list through only with the header and the query value', async () => {
    expect((await get(`/api/collections/hdr_doors/records/${doorId}?k=v`, 'open')).status).toBe(200);
    expect((await get(`/api/collections/hdr_doors/records/${doorId}?k=v`, 'shut')).status).toBe(404);
    expect((await get(`/api/collections/hdr_doors/records/${doorId}?k=w`, 'open')).status).toBe(404);
    const listed = async (query: string, pass?: string) =>
      (
        (await (await get(`/api/collections/hdr_doors/records?${query}`, pass)).json()) as {
          totalItems: number;
        }
      ).totalItems;
    expect(await listed('k=v', 'open')).toBe(1);
    expect(await listed('k=v')).toBe(0);
    expect(await listed('k=x', 'open')).toBe(0);
  });

  it('applies them to an expanded relation too', async () => {
    const expanded = async (query: string, pass?: string) => {
      const res = await get(`/api/collections/hdr_rooms/records/${roomId}?expand=door&${query}`, pass);
      expect(res.status).toBe(200);
      return ((await res.json()) as { expand?: { door?: { id: string } } }).expand?.door?.id;
    };
    expect(await expanded('k=v', 'open')).toBe(doorId);
    expect(await expanded('k=v', 'shut')).toBeUndefined();
  });
});

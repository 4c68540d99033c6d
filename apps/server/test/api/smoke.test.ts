import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';

describe.each(engines)('records smoke (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
  });
  afterAll(() => t.close());

  it('creates, lists with filter/sort/expand, updates and deletes', async () => {
    const pb = t.client();
    const a = await pb.collection('pub').create({ title: 'alpha', total: 3, tags: ['a'] });
    expect(a.id).toMatch(/^[a-z0-9]{15}$/);
    await pb.collection('pub').create({ title: 'bravo', total: 5, active: true });
    const list = await pb
      .collection('pub')
      .getList(1, 10, { filter: 'total > 2 && title ~ "a"', sort: '-total' });
    expect(list.items.map((i) => i.title)).toEqual(['bravo', 'alpha']);
    expect(list.totalItems).toBe(2);
    const su = await t.superuser();
    const l = await su.collection('locked').create({ title: 'L', rel_one: a.id, rel_many: [a.id] });
    const got = await su.collection('locked').getOne(l.id, { expand: 'rel_one,rel_many' });
    expect(got.expand?.rel_one.title).toBe('alpha');
    expect(got.expand?.rel_many[0].title).toBe('alpha');
    const back = await pb.collection('pub').getOne(a.id, { expand: 'locked_via_rel_one' });
    expect(back.expand).toEqual({});
    const upd = await pb.collection('pub').update(a.id, { 'total+': 4, 'tags+': 'b' });
    expect(upd.total).toBe(7);
    expect(upd.tags).toEqual(['a', 'b']);
    await pb
      .collection('pub')
      .delete(l.id)
      .catch(() => undefined);
    const { pb: user, id } = await t.user();
    const own = await user.collection('owned').create({ title: 'mine', author: id });
    expect((await user.collection('owned').getFullList()).map((r) => r.id)).toEqual([own.id]);
    const other = await t.user();
    expect((await other.pb.collection('owned').getFullList()).length).toBe(0);
    await expect(other.pb.collection('owned').getOne(own.id)).rejects.toMatchObject({ status: 404 });
  });
});

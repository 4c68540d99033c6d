/**
 * The back office's catalogue endpoints: `POST /api/admin/styles/order` (the display order in one
 * transaction) and `POST /api/admin/styles/{id}/render-preview` (a studio-engine preview from the
 * sample portrait): who may call them, what they change, and how they refuse bad input.
 */
import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { expectErrorBody, failure } from '../support/errors.js';
import { PREVIEW_LONG_SIDE } from '../../src/modules/catalog/style-preview-renderer.js';

type StyleRow = { id: string; name: string; sortOrder: number; updated: string; preview: string };

describe.each(engines)('admin styles endpoints (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let customer: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
    customer = (await t.user()).pb;
  });
  afterAll(async () => {
    await t?.close();
  });

  const catalog = () => su.collection('styles').getFullList<StyleRow>({ sort: 'sortOrder,name' });
  const reorder = (pb: PocketBase, body: unknown) =>
    pb.send('/api/admin/styles/order', { method: 'POST', body });
  const render = (pb: PocketBase, id: string) =>
    pb.send(`/api/admin/styles/${id}/render-preview`, { method: 'POST' });

  it('answers 401 to a guest and 403 to a customer on both endpoints, in the error shape', async () => {
    const [first] = await catalog();
    const ids = (await catalog()).map((s) => s.id);
    for (const call of [
      (pb: PocketBase) => reorder(pb, { ids }),
      (pb: PocketBase) => render(pb, first!.id),
    ]) {
      const guest = await failure(call(t.client()));
      expect(guest.status).toBe(401);
      expectErrorBody(guest.response, 401);
      const user = await failure(call(customer));
      expect(user.status).toBe(403);
      expectErrorBody(user.response, 403);
    }
    // Nothing moved for them.
    expect((await catalog()).map((s) => s.id)).toEqual(ids);
  });

  it('swaps two styles for everyone, writing only the styles whose place changed', async () => {
    const before = await catalog();
    expect(before.length).toBeGreaterThan(3);
    const ids = before.map((s) => s.id);
    // Normalise first, so the next call changes exactly two rows.
    await reorder(su, { ids });
    const normal = await catalog();
    [ids[1], ids[2]] = [ids[2]!, ids[1]!];
    const answer = await reorder(su, { ids });
    expect(answer.styles[1]).toEqual({ id: ids[1], sortOrder: 20 });
    expect(answer.styles[2]).toEqual({ id: ids[2], sortOrder: 30 });

    const after = await catalog();
    expect(after.map((s) => s.id)).toEqual(ids);
    const untouched = after.filter((s) => s.id !== ids[1] && s.id !== ids[2]);
    for (const s of untouched) expect(s.updated).toBe(normal.find((n) => n.id === s.id)!.updated);
    // What the landing page reads (a guest, the public list) follows at once.
    const pub = await t
      .client()
      .collection('styles')
      .getFullList({ filter: "team = ''", sort: 'sortOrder,name' });
    expect(pub.map((s) => s.id).slice(0, 3)).toEqual(ids.slice(0, 3));
  });

  it('refuses a malformed list, a duplicate and a list that is not the catalogue with data.ids', async () => {
    const ids = (await catalog()).map((s) => s.id);
    const cases: [unknown, string][] = [
      [{}, 'validation_invalid_ids'],
      [{ ids: 'abc' }, 'validation_invalid_ids'],
      [{ ids: [1, 2] }, 'validation_invalid_ids'],
      [{ ids: ["x' OR 1=1"] }, 'validation_invalid_ids'],
      [{ ids: [...ids, ids[0]] }, 'validation_duplicate_ids'],
      [{ ids: ids.slice(1) }, 'validation_catalog_changed'],
      [{ ids: [...ids.slice(1), 'nosuchstyle0000'] }, 'validation_catalog_changed'],
    ];
    for (const [body, code] of cases) {
      const err = await failure(reorder(su, body));
      expect(err.status, JSON.stringify(body)).toBe(400);
      const data = expectErrorBody(err.response, 400);
      expect(data.ids).toMatchObject({ code, message: expect.any(String) });
    }
    expect((await catalog()).map((s) => s.id)).toEqual(ids);
  });

  it('renders a preview with the studio engine and stores it under a new file name', async () => {
    const [style] = await catalog();
    const updated = await render(su, style!.id);
    expect(updated.id).toBe(style!.id);
    expect(updated.preview).toBeTruthy();
    expect(updated.preview).not.toBe(style!.preview);
    const res = await fetch(t.client().files.getURL(updated, updated.preview));
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(PREVIEW_LONG_SIDE);
  }, 120_000);

  it('answers 404 for a style that does not exist', async () => {
    const err = await failure(render(su, 'nosuchstyle0000'));
    expect(err.status).toBe(404);
    expectErrorBody(err.response, 404);
  });
});

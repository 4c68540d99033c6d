/**
 * What /admin/original-photos asks of the records API as a superuser: uploads filtered by verdict
 * and by a check's reason code (a match inside the `qcReasons` JSON, on both engines), paginated;
 * and deleting an upload of a photoshoot that is no longer a draft, which only operators may do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';
import { buildScene, jpeg, type Scene } from '../delivery/support.js';

describe.each(engines)('original photos for operators (%s)', (engine) => {
  let t: TestServer;
  let s: Scene;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startServer({ engine });
    s = await buildScene(t);
    const shoot = await s.su
      .collection('photoshoots')
      .create({ user: s.owner.id, title: 'Checked', status: 'queued' });
    const upload = async (name: string, qc: string, codes: string[]) => {
      const rec = await s.su.collection('original_photos').create({
        photoshoot: shoot.id,
        user: s.owner.id,
        qc,
        qcReasons: codes.map((code) => ({ code, message: `Because ${code.replace(/_/g, ' ')}.` })),
        file: new File([new Uint8Array(await jpeg())], `${name}.jpg`, { type: 'image/jpeg' }),
      });
      ids[name] = rec.id;
    };
    await upload('good', 'accepted', []);
    await upload('blurry', 'rejected', ['blurry']);
    await upload('dark', 'rejected', ['too_dark', 'face_too_small']);
    await upload('small', 'rejected', ['face_too_small']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (filter: string, perPage = 30) =>
    s.su.collection('original_photos').getList(1, perPage, { filter, sort: 'created' });
  const byReason = (code: string) => s.su.filter('qcReasons ~ {:code}', { code: `"${code}"` });

  it('filters by verdict and by reason code, exactly', async () => {
    expect((await list("qc = 'accepted'")).items.map((o) => o.id)).toEqual([ids.good]);
    expect((await list(byReason('face_too_small'))).items.map((o) => o.id)).toEqual([ids.dark, ids.small]);
    // `too_dark` must not match inside another code, nor `_` act as a wildcard.
    expect((await list(byReason('too_dark'))).items.map((o) => o.id)).toEqual([ids.dark]);
    expect((await list(byReason('no_face'))).items).toEqual([]);
    const both = await list(`qc = 'rejected' && ${byReason('blurry')}`);
    expect(both.items.map((o) => o.id)).toEqual([ids.blurry]);
  });

  it('paginates on the server with a total', async () => {
    const page = await list('', 3);
    expect(page.items).toHaveLength(3);
    expect(page.totalItems).toBe(4);
    expect(page.totalPages).toBe(2);
  });

  it('lets an operator delete an upload of a queued photoshoot, which its owner cannot', async () => {
    const owner = await failure(s.owner.pb.collection('original_photos').delete(ids.small!));
    expect(owner.status).toBe(404);
    await s.su.collection('original_photos').delete(ids.small!);
    expect((await failure(s.su.collection('original_photos').getOne(ids.small!))).status).toBe(404);
  });
});

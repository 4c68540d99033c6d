/** The product's `users.avatar`: images only, 5 MB, a 100x100 thumb. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { file, image, MiB } from './support.js';

describe.each(engines)('users.avatar (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  it('takes an image, serves it and its 100x100 thumb', async () => {
    const { pb, id } = await t.user();
    const jpeg = await image(640, 480, 'jpeg');
    const me = await pb.collection('users').update(id, { avatar: file(jpeg, 'Me At The Beach.jpeg') });
    expect(me.avatar).toMatch(/^me_at_the_beach_[a-z0-9]{10}\.jpg$/);
    expect(pb.authStore.record?.avatar).toBe(me.avatar);
    const res = await fetch(pb.files.getURL(me, me.avatar));
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
    const thumb = await fetch(pb.files.getURL(me, me.avatar, { thumb: '100x100' }));
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([100, 100, 'jpeg']);
  });

  it('refuses non-images and files over 5 MB', async () => {
    const { pb, id } = await t.user();
    const pdf = await pb
      .collection('users')
      .update(id, { avatar: file('%PDF-1.7\n', 'avatar.png', 'image/png') })
      .catch((e) => e);
    expect(pdf.status).toBe(400);
    expect(pdf.response.data.avatar.code).toBe('validation_invalid_mime_type');
    const big = Buffer.concat([await image(10, 10), Buffer.alloc(5 * MiB)]);
    const tooBig = await pb
      .collection('users')
      .update(id, { avatar: file(big, 'big.png') })
      .catch((e) => e);
    expect(tooBig.response.data.avatar).toMatchObject({
      code: 'validation_file_size_limit',
      params: { maxSize: 5 * MiB },
    });
    expect((await pb.collection('users').getOne(id)).avatar).toBe('');
  });

  it('replaces the old avatar file and removes it with the account', async () => {
    const { pb, id } = await t.user();
    const first = await pb.collection('users').update(id, { avatar: file(await image(50, 50), 'one.png') });
    const second = await pb.collection('users').update(id, { avatar: file(await image(60, 60), 'two.png') });
    await t.app.storage.idle();
    expect(await t.app.storage.list(`_pb_users_auth_/${id}/`)).toEqual([
      `_pb_users_auth_/${id}/${second.avatar}`,
    ]);
    expect((await fetch(pb.files.getURL(first, first.avatar))).status).toBe(404);
    await pb.collection('users').delete(id);
    await t.app.storage.idle();
    expect(await t.app.storage.list(`_pb_users_auth_/${id}/`)).toEqual([]);
  });
});

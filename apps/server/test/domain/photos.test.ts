/**
 * Original photos: added and removed only while the photoshoot is the caller's draft, at most 20
 * per photoshoot (also under concurrent uploads), images only (JPEG, PNG, WebP; HEIC explained),
 * up to 20 MB, private to their owner.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { DEFAULT_LIMITS } from '../../src/modules/photoshoots/limits.js';
import { buildWorld, photo, type World } from './support.js';
import { failure, statusOf } from '../support/errors.js';

const MAX = DEFAULT_LIMITS.maxPhotos;
/** A minimal HEIC header (ftyp box, brand `heic`), which is how an iPhone photo starts. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.alloc(4),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

describe.each(engines)('original photos (%s)', (engine) => {
  let t: TestServer;
  let w: World;

  beforeAll(async () => {
    t = await startServer({ engine });
    w = await buildWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const photos = () => w.clients.owner.collection('original_photos');
  const draft = async () =>
    (await w.clients.owner.collection('photoshoots').create({ user: w.ids.owner })).id;
  const upload = async (photoshoot: string, file?: File) =>
    photos().create({ photoshoot, user: w.ids.owner, file: file ?? (await photo()) });
  const count = async (photoshoot: string) =>
    Number(
      (await t.app.db.get<{ n: unknown }>(
        `SELECT COUNT(*) AS n FROM "original_photos" WHERE "photoshoot" = ?`,
        [photoshoot],
      ))!.n,
    );

  it('stores an upload as pending QC for its owner', async () => {
    const id = await draft();
    const rec = await upload(id);
    expect(rec).toMatchObject({ photoshoot: id, user: w.ids.owner, qc: 'pending' });
    expect(rec.file).toMatch(/^selfie_\d+_[a-z0-9]{10}\.jpg$/);
    expect(rec).not.toHaveProperty('phash');
    expect(rec).not.toHaveProperty('embedding');
  });

  it(`accepts ${MAX} photos and refuses the next with a reason`, async () => {
    const id = await draft();
    for (let i = 0; i < MAX; i++) await upload(id);
    const err = await failure(upload(id));
    expect(err.status).toBe(400);
    expect(err.response.message).toBe(
      `A photoshoot can hold at most ${MAX} photos. Remove one to add another.`,
    );
    expect(err.response.data.file.code).toBe('validation_max_photos');
    expect(await count(id)).toBe(MAX);
    // Removing one makes room again.
    const first = (await photos().getList(1, 1, { filter: `photoshoot = "${id}"` })).items[0]!;
    await photos().delete(first.id);
    await upload(id);
    expect(await count(id)).toBe(MAX);
  });

  it('does not count rejected photos against the limit', async () => {
    const id = await draft();
    for (let i = 0; i < MAX; i++) await upload(id);
    expect((await failure(upload(id))).response.data.file.code).toBe('validation_max_photos');
    // The checks reject one photo (written as the analysis would): its place is free again.
    const first = (await photos().getList(1, 1, { filter: `photoshoot = "${id}"` })).items[0]!;
    await t.app.db.run(`UPDATE "original_photos" SET "qc" = 'rejected' WHERE "id" = ?`, [first.id]);
    await upload(id);
    expect(await count(id)).toBe(MAX + 1);
    expect((await failure(upload(id))).response.data.file.code).toBe('validation_max_photos');
  });

  it('never overshoots the limit under concurrent uploads', async () => {
    const id = await draft();
    for (let i = 0; i < MAX - 4; i++) await upload(id);
    const files = await Promise.all(Array.from({ length: 10 }, () => photo()));
    const outcomes = await Promise.allSettled(files.map((f) => upload(id, f)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    expect(await count(id)).toBe(MAX);
  });

  it('takes photos only while the photoshoot is a draft', async () => {
    const id = await draft();
    const kept = await upload(id);
    await transition(t.app, id, 'pending_payment', { kind: 'user', id: w.ids.owner }, 'checkout');
    const err = await failure(upload(id));
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('Photos can only be added while the photoshoot is a draft.');
    expect(await statusOf(photos().delete(kept.id))).toBe(404);
    await transition(t.app, id, 'draft', { kind: 'system', id: '' }, 'payment cancelled');
    expect(await statusOf(photos().delete(kept.id))).toBe(200);
  });

  it("refuses uploads to someone else's photoshoot without saying anything about it", async () => {
    const id = await draft();
    for (let i = 0; i < MAX; i++) await upload(id);
    for (const role of ['other', 'admin', 'member'] as const) {
      const err = await failure(
        w.clients[role]
          .collection('original_photos')
          .create({ photoshoot: id, user: w.ids[role], file: await photo() }),
      );
      expect(err.status, role).toBe(400);
      expect(err.response.message, role).toBe('Failed to create record.');
      expect(err.response.data, role).toEqual({});
    }
    const forged = await failure(
      w.clients.other
        .collection('original_photos')
        .create({ photoshoot: id, user: w.ids.owner, file: await photo() }),
    );
    expect(forged.status).toBe(400);
    expect(await count(id)).toBe(MAX);
  });

  it('accepts JPEG, PNG and WebP, and refuses other files', async () => {
    const id = await draft();
    for (const format of ['png', 'webp'] as const) {
      const image = sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } });
      const data = await (format === 'png' ? image.png() : image.webp()).toBuffer();
      const rec = await upload(
        id,
        new File([new Uint8Array(data)], `me.${format}`, { type: `image/${format}` }),
      );
      expect(rec.file.endsWith(`.${format}`)).toBe(true);
    }
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const file of [
      new File([new Uint8Array(gif)], 'me.gif', { type: 'image/gif' }),
      new File(['not an image'], 'me.jpg', { type: 'image/jpeg' }),
    ]) {
      const err = await failure(upload(id, file));
      expect(err.status, file.name).toBe(400);
      expect(err.response.data.file, file.name).toBeDefined();
    }
  });

  it('explains how to convert a HEIC photo', async () => {
    const id = await draft();
    const err = await failure(
      upload(id, new File([new Uint8Array(HEIC)], 'IMG_0001.HEIC', { type: 'image/heic' })),
    );
    expect(err.status).toBe(400);
    expect(err.response.data.file.message).toMatch(/HEIC/);
    expect(err.response.data.file.message).toMatch(/JPEG/);
  });

  it('refuses a photo over 20 MB', async () => {
    const id = await draft();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const err = await failure(
      upload(id, new File([new Uint8Array(big)], 'huge.jpg', { type: 'image/jpeg' })),
    );
    expect([400, 413]).toContain(err.status);
    expect(await count(id)).toBe(0);
  });

  it('serves the file to its owner only, with a file token', async () => {
    const id = await draft();
    const rec = await upload(id);
    const url = (token: string) => `${t.url}/api/files/original_photos/${rec.id}/${rec.file}?token=${token}`;
    expect((await fetch(url(await w.clients.owner.files.getToken()))).status).toBe(200);
    for (const role of ['admin', 'other'] as const) {
      expect((await fetch(url(await w.clients[role].files.getToken()))).status, role).toBe(404);
    }
  });
});

/**
 * Uploads are checked for what would break later: an image whose header declares more pixels than
 * the image pipeline takes is refused at upload (400 in words), for any image field (team logo and
 * backdrop, selfies, style previews), and a file is stored with the extension of its sniffed type,
 * never the one the client sent.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';
import { fileCollections, image, file, stored, fdocs } from './support.js';
import { buildTeam } from '../teams/support.js';
import { crc32 } from 'node:zlib';

/** A PNG chunk: length, type, data, CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
  return Buffer.concat([len, Buffer.from(type), data, crc]);
}

/** A small PNG file whose header declares `width`×`height` pixels (the probe's 30000×30000 bomb). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(engines)('image bombs and chosen extensions (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: fileCollections });
  });
  afterAll(() => t.close());

  it('refuses a 30000×30000 PNG in any image field with 400 and words, storing nothing', async () => {
    const err = await failure(
      t
        .client()
        .collection('fdocs')
        .create({ title: 'bomb', images: file(pngDeclaring(30000, 30000), 'bomb.png', 'image/png') }),
    );
    expect(err.status).toBe(400);
    expect(err.response.data.images.code).toBe('validation_image_too_large');
    expect(err.response.data.images.message).toMatch(/"bomb\.png" is 30000×30000 pixels, too large/);
    expect(await stored(t, `${fdocs.id}/`)).toEqual([]);
  });

  it("refuses it as a team's brand backdrop and logo too", async () => {
    const team = await buildTeam(t, 'Bombed');
    for (const field of ['brandBackdrop', 'logo']) {
      const form = new FormData();
      form.append(field, file(pngDeclaring(20000, 20000), 'huge.png', 'image/png'));
      const err = await failure(team.admin.pb.send(`/api/teams/${team.id}`, { method: 'PATCH', body: form }));
      expect(err.status, field).toBe(400);
      expect(err.response.data[field]?.code, field).toBe('validation_image_too_large');
    }
  });

  it('stores a JPEG sent as ../../evil.html as .jpg, and a PNG sent as photo.jpg as .png', async () => {
    const rec = await t
      .client()
      .collection('fdocs')
      .create({
        title: 'renamed',
        images: [
          file(await image(20, 20, 'jpeg'), '../../evil.html', 'text/html'),
          file(await image(20, 20, 'png'), 'photo.jpg', 'image/jpeg'),
        ],
      });
    const names = rec.images as string[];
    expect(names[0]).toMatch(/^evil_[a-z0-9]{10}\.jpg$/);
    expect(names[1]).toMatch(/^photo_[a-z0-9]{10}\.png$/);
  });
});

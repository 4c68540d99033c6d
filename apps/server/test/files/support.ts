/** Test-only collections and helpers for the files feature (images are generated with sharp). */
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import type { TestServer } from '../support/harness.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const open = { listRule: '', viewRule: '', createRule: '', updateRule: '', deleteRule: '' } as const;

/** The file scenarios' collection: a multi-file `docs`, a multi-select `tags`, plus single and image fields. */
export const fdocs = defineCollection({
  name: 'fdocs',
  fields: [
    f.text('title', { required: true }),
    f.select('tags', ['a', 'b', 'c'], { maxSelect: 3 }),
    f.file('docs', { maxSelect: 4, maxSize: 256 * KiB }),
    f.file('single'),
    f.file('images', {
      maxSelect: 3,
      maxSize: MiB,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      thumbs: ['50x40', '50x40t', '50x40b', '50x40f', '0x30', '30x0'],
    }),
    f.number('n', { max: 10 }),
  ],
  indexes: [{ name: 'idx_fdocs_title', columns: ['title'], unique: true }],
  ...open,
});

/** The protected-file scenario's `locked`: every rule null and a protected file field. */
export const flocked = defineCollection({
  name: 'flocked',
  fields: [f.text('title'), f.file('file_one', { protected: true }), f.file('open_one')],
});

/** A protected file readable only by its owner, and only in the protectedFile context. */
export const fowned = defineCollection({
  name: 'fowned',
  fields: [f.relation('owner', 'users'), f.file('secret', { protected: true })],
  ...open,
  viewRule: "owner = @request.auth.id && @request.context = 'protectedFile'",
});

/** Children with files that go when their parent is deleted. */
export const fparent = defineCollection({ name: 'fparent', fields: [f.text('title')], ...open });
export const fchild = defineCollection({
  name: 'fchild',
  fields: [f.relation('parent', 'fparent', { cascadeDelete: true, required: true }), f.file('doc')],
  ...open,
});

/** Room for the 20 × 8 MB upload. */
export const fbig = defineCollection({
  name: 'fbig',
  fields: [f.file('docs', { maxSelect: 20, maxSize: 9 * MiB })],
  ...open,
});

/** A small body limit: 32 MiB + 1 MiB. */
export const fsmall = defineCollection({
  name: 'fsmall',
  fields: [f.file('doc', { maxSize: MiB })],
  ...open,
});

export const fileCollections = [fdocs, flocked, fowned, fparent, fchild, fbig, fsmall];

export const STORED_NAME = /^[a-z0-9_]+_[a-z0-9]{10}\.[A-Za-z0-9]+$/;

/** A solid-colour image; `split` makes the top half red and the bottom half blue. */
export async function image(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  split = false,
): Promise<Buffer> {
  if (!split) {
    const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
    return base[format]().toBuffer();
  }
  const half = Math.floor(height / 2);
  const blue = await sharp({
    create: { width, height: height - half, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  const img = sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } }).composite(
    [{ input: blue, top: half, left: 0 }],
  );
  return img[format]().toBuffer();
}

export function file(data: Buffer | string, name: string, type = ''): File {
  return new File([typeof data === 'string' ? data : new Uint8Array(data)], name, { type });
}

/** Every key stored under `prefix`, once background cleanups have finished. */
export async function stored(t: TestServer, prefix = ''): Promise<string[]> {
  await t.app.storage.idle();
  return t.app.storage.list(prefix);
}

/** A GET/HEAD with the path sent exactly as written (fetch would resolve `..` segments first). */
export function rawRequest(
  url: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; body: Buffer }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export { KiB, MiB };

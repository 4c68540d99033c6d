/**
 * The results zip (`GET /api/photoshoots/{id}/download`): a streamed archive of the released
 * results, named after the photoshoot, entries `<Title>_<Style-Name>_<nn>.jpg`; file-token or header auth,
 * for the owner and the team's admins, a plain 404 for everyone else.
 */
import { get } from 'node:http';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { fileKey } from '../../src/core/files/storage.js';
import { buildScene, release, review, shootInReview, unzip, type Scene } from './support.js';

describe.each(engines)('results download (%s)', (engine) => {
  let t: TestServer;
  let s: Scene;

  beforeAll(async () => {
    t = await startServer({ engine });
    s = await buildScene(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const url = (id: string, token?: string) =>
    `${t.url}/api/photoshoots/${id}/download${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

  /** The stored bytes of a result's file. */
  async function stored(resultId: string): Promise<Buffer> {
    const results = t.app.registry.require('results');
    const rec = await t.app.records.findById(results, resultId);
    return t.app.storage.readBuffer(fileKey(results.id, resultId, String(rec!.file)));
  }

  /** The scene's two style names as words of a file name (`Corporate Grey Studio` → `Corporate-Grey-Studio`). */
  async function styleWords(): Promise<string[]> {
    const all = await s.su.collection('styles').getFullList();
    return s.styles.map(([id]) => String(all.find((x) => x.id === id)!.name).replace(/ /g, '-'));
  }

  it('streams the released results as a zip named after the photoshoot', async () => {
    const shoot = await shootInReview(s, { perStyle: 2, title: 'Équipe: Spring / 2025' });
    const [a, b, c, d] = shoot.results;
    await review(s.su, shoot.id, { approve: [a, b, d], reject: [{ id: c, reason: 'blink' }], release: true });

    const token = await s.owner.pb.files.getToken();
    const res = await fetch(url(shoot.id, token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="equipe-spring-2025\.zip"/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Équipe Spring 2025.zip')}`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);

    const entries = await unzip(body);
    const [style1, style2] = await styleWords();
    // Style one: both variants; style two: the approved one only (c was rejected), numbered from 1.
    // In the order the styles were chosen, named after the person (the title), style and number.
    const names = [
      `Equipe-Spring-2025_${style1}_01.jpg`,
      `Equipe-Spring-2025_${style1}_02.jpg`,
      `Equipe-Spring-2025_${style2}_01.jpg`,
    ];
    expect(entries.map((e) => e.name)).toEqual(names);
    const byName = new Map(entries.map((e) => [e.name, e.data]));
    expect(byName.get(names[0]!)!.equals(await stored(a!))).toBe(true);
    expect(byName.get(names[1]!)!.equals(await stored(b!))).toBe(true);
    expect(byName.get(names[2]!)!.equals(await stored(d!))).toBe(true);
    for (const e of entries) expect(e.data.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  });

  it('accepts the Authorization header instead of a token, and lets team admins download', async () => {
    const shoot = await shootInReview(s, { perStyle: 1, team: true, title: '' });
    await release(s, shoot);
    for (const who of [s.owner, s.teamAdmin]) {
      const res = await fetch(url(shoot.id), { headers: { Authorization: who.pb.authStore.token } });
      expect(res.status, who.email).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="photoshoot-${shoot.id}.zip"`,
      );
      // Untitled: the style and the number only.
      const words = await styleWords();
      expect((await unzip(Buffer.from(await res.arrayBuffer()))).map((e) => e.name)).toEqual([
        `${words[0]}_01.jpg`,
        `${words[1]}_01.jpg`,
      ]);
    }
    const adminToken = await s.teamAdmin.pb.files.getToken();
    expect((await fetch(url(shoot.id, adminToken))).status).toBe(200);
    const su = await fetch(url(shoot.id), { headers: { Authorization: s.su.authStore.token } });
    expect(su.status).toBe(200);
    await su.arrayBuffer();
  });

  it('answers 404 in the error shape to guests, other users, plain team members and bad tokens', async () => {
    const shoot = await shootInReview(s, { perStyle: 1, team: true });
    await release(s, shoot);
    const users = t.app.registry.require('users');
    const owner = await t.app.records.findById(users, s.owner.id);
    const expired = await t.app.auth.issueToken(users, owner!, 'file', { duration: -60 });
    const authToken = s.owner.pb.authStore.token; // an auth token is not a file token
    const attempts: [string, RequestInit | undefined, string][] = [
      ['guest', undefined, url(shoot.id)],
      ['other user token', undefined, url(shoot.id, await s.other.pb.files.getToken())],
      ['other user header', { headers: { Authorization: s.other.pb.authStore.token } }, url(shoot.id)],
      ['team member', undefined, url(shoot.id, await s.teamMember.pb.files.getToken())],
      ['expired token', undefined, url(shoot.id, expired)],
      ['garbage token', undefined, url(shoot.id, 'not-a-token')],
      ['auth token as file token', undefined, url(shoot.id, authToken)],
      ['unknown photoshoot', undefined, url('nosuchphotoshoot', await s.owner.pb.files.getToken())],
    ];
    for (const [what, init, target] of attempts) {
      const res = await fetch(target, init);
      expect(res.status, what).toBe(404);
      expect(await res.json(), what).toMatchObject({ status: 404, data: {} });
    }
    // The expired token's owner still gets in with a fresh one.
    expect((await fetch(url(shoot.id, await s.owner.pb.files.getToken()))).status).toBe(200);
  });

  it('answers 404 while nothing is released, and leaves out results withdrawn for a redo', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const token = await s.owner.pb.files.getToken();
    const early = await fetch(url(shoot.id, token));
    expect(early.status).toBe(404);
    expect((await early.json()).message).toBe('No photos of this photoshoot have been delivered yet.');

    await release(s, shoot);
    // The worker un-releases a row it is regenerating: the zip holds only what the owner can see.
    await s.su.collection('results').update(shoot.results[0]!, { released: false });
    const res = await fetch(url(shoot.id, token));
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual([`Spring-headshots_${(await styleWords())[1]}_01.jpg`]);
  });

  it('stays a well-formed zip when a result file is missing from storage', async () => {
    const shoot = await shootInReview(s, { perStyle: 2 });
    await release(s, shoot);
    const results = t.app.registry.require('results');
    const gone = await t.app.records.findById(results, shoot.results[0]!);
    await t.app.storage.delete(fileKey(results.id, shoot.results[0]!, String(gone!.file)));
    const res = await fetch(url(shoot.id, await s.owner.pb.files.getToken()));
    expect(res.status).toBe(200);
    expect(await unzip(Buffer.from(await res.arrayBuffer()))).toHaveLength(3);
  });

  it('opens one file at a time and stops reading when the client goes away', async () => {
    const shoot = await shootInReview(s, { perStyle: 2 });
    // Noise does not compress: ~1 MB files, so the archive outgrows every stream buffer.
    for (const id of shoot.results) {
      const noisy = await sharp({
        create: {
          width: 900,
          height: 900,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      await s.su
        .collection('results')
        .update(id, { file: new File([new Uint8Array(noisy)], 'big.jpg', { type: 'image/jpeg' }) });
    }
    await release(s, shoot);

    const storage = t.app.storage;
    const original = storage.read.bind(storage);
    let open = 0;
    let maxOpen = 0;
    let opened = 0;
    storage.read = async (key, range) => {
      const stream: Readable = await original(key, range);
      opened++;
      maxOpen = Math.max(maxOpen, ++open);
      // A file is done once read to its end: its descriptor closes on the thread pool a moment
      // later, and the archive may already have opened the next file by then.
      let done = false;
      const finish = () => {
        if (!done) open--;
        done = true;
      };
      stream.once('end', finish);
      stream.once('close', finish);
      return stream;
    };
    try {
      const token = await s.owner.pb.files.getToken();
      const full = await fetch(url(shoot.id, token));
      const size = Number(full.headers.get('content-length'));
      expect(size).toBeGreaterThan(2_000_000);
      expect((await full.arrayBuffer()).byteLength).toBe(size);
      expect(opened).toBe(4);
      expect(maxOpen).toBe(1);

      // note: a plain node:http request, so no client connection pool outlives the test.
      opened = 0;
      await new Promise<void>((resolve, reject) => {
        const req = get(url(shoot.id, token), (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      });
      await expect.poll(() => open, { timeout: 5000 }).toBe(0);
      // The server stopped before opening every file.
      expect(opened).toBeLessThan(4);
    } finally {
      storage.read = original;
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';

/** A small built app laid out as `vite build` (with the precompress and route-manifest plugins) makes it. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'photoshoot-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const write = (name: string, content: string | Buffer, compressed = true) => {
    writeFileSync(join(dir, name), content);
    if (!compressed) return;
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(content));
  };
  write(
    'index.html',
    '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>',
  );
  write(
    'home.html',
    '<!doctype html><html><head></head><body><div id="root"><h1>Professional portraits</h1></div></body></html>',
  );
  write('assets/app-1a2b.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  write('routes.json', JSON.stringify(['/', '/dashboard', '/teams/$id']));
  write('robots.txt', 'User-agent: *\nDisallow: /api/\n');
  write('favicon.ico', Buffer.from([0, 0, 1, 0, 1, 0]), false);
  return dir;
}

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe.each(engines)('web app serving (%s)', (engine) => {
  let t: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await startServer({ engine, webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the HTML with a strict policy, revalidation and an ETag', async () => {
    const res = await rawGet(`${t.url}/dashboard`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.toString()).toContain('<div id="root"></div>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers).not.toHaveProperty('strict-transport-security');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await rawGet(`${t.url}/dashboard`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends the prerendered landing page for /, with its own ETag', async () => {
    const home = await rawGet(`${t.url}/`);
    expect(home.status).toBe(200);
    expect(home.body.toString()).toContain('<h1>Professional portraits</h1>');
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    const app = await rawGet(`${t.url}/dashboard`);
    expect(home.headers.etag).not.toBe(app.headers.etag);
    expect((await rawGet(`${t.url}/`, { 'if-none-match': String(home.headers.etag) })).status).toBe(304);
  });

  it('sends the HTML compressed when the browser accepts it', async () => {
    const br = await rawGet(`${t.url}/dashboard`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gz = await rawGet(`${t.url}/dashboard`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<div id="root">');
  });

  it('answers 404 with the app for a path that is no page, 200 for a parameterised page', async () => {
    const missing = await rawGet(`${t.url}/no/such/page?x=1`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body.toString()).toContain('<div id="root">');
    expect(missing.headers['content-security-policy']).toBeTruthy();
    expect((await rawGet(`${t.url}/teams/abc123`)).status).toBe(200);
    expect((await rawGet(`${t.url}/teams/abc123/`)).status).toBe(200);
    expect((await rawGet(`${t.url}/teams`)).status).toBe(404);
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const plain = await rawGet(`${t.url}/assets/app-1a2b.js`);
    expect(plain.status).toBe(200);
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await rawGet(`${t.url}/assets/app-1a2b.js`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body.length).toBeLessThan(plain.body.length / 10);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await rawGet(`${t.url}/assets/app-1a2b.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const gone = await rawGet(`${t.url}/assets/old-0000.js`);
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).not.toContain('immutable');
  });

  it('serves a real robots.txt and favicon, revalidated', async () => {
    const robots = await rawGet(`${t.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body.toString()).toContain('User-agent: *');
    expect(robots.headers['cache-control']).toBe('no-cache');
    const icon = await rawGet(`${t.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
  });

  it('keeps API answers in the error shape', async () => {
    const res = await rawGet(`${t.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 404 });
  });

  it('adds HSTS once the app URL is https', async () => {
    await t.app.settings.patch({ meta: { appURL: 'https://shoot.example.com' } });
    try {
      const res = await rawGet(`${t.url}/`);
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    } finally {
      await t.app.settings.patch({ meta: { appURL: 'http://127.0.0.1:8090' } });
    }
    expect((await rawGet(`${t.url}/`)).headers).not.toHaveProperty('strict-transport-security');
  });
});

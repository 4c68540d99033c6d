/**
 * Result images are fetched only from the hosts each provider documents, over https, never from
 * an internal address (directly, through a redirect or through DNS), within a size and a time
 * bound; the provider's loopback fake (the test hook) is the one origin trusted as it is.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage } from '../../src/modules/hosted-providers/fetch-image.js';
import { OUTPUT_HOSTS } from '../../src/modules/hosted-providers/output-hosts.js';
import {
  hostAllowed,
  isPublicAddress,
  MAX_OUTPUT_BYTES,
  type OutputPolicy,
} from '../../src/modules/hosted-providers/safe-download.js';
import { retryAfterSeconds } from '../../src/modules/hosted-providers/retry-after.js';

function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

describe('output downloads', () => {
  let fake = '';
  let internalUrl = '';
  let internalHits = 0;
  let tcpPort = 0;
  let tcpConnections = 0;
  const internal = createServer((_req, res) => {
    internalHits++;
    res.end('secret');
  });
  const tcp = createTcpServer((socket) => {
    tcpConnections++;
    socket.destroy();
  });
  const provider = createServer(async (req, res) => {
    if (req.url === '/small.webp') {
      const data = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer();
      res.end(data);
    } else if (req.url === '/not-an-image') res.end('<html>hello</html>');
    else if (req.url === '/huge') {
      res.writeHead(200, { 'content-length': String(MAX_OUTPUT_BYTES + 1) });
      res.end();
    } else if (req.url === '/endless') {
      // No length announced: the bound must hold while reading.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(64 * 1024, 1));
    } else if (req.url === '/slow') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '1000' });
      res.write(Buffer.alloc(10)); // …and never the rest.
    } else if (req.url === '/to-internal') {
      res.writeHead(302, { location: internalUrl });
      res.end();
    } else if (req.url === '/to-metadata') {
      res.writeHead(307, { location: 'https://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (req.url === '/to-self') {
      res.writeHead(301, { location: '/small.webp' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  let policy: OutputPolicy;
  beforeAll(async () => {
    fake = `http://127.0.0.1:${await listen(provider)}`;
    internalUrl = `http://127.0.0.1:${await listen(internal)}/admin`;
    tcpPort = await listen(tcp);
    policy = { hosts: OUTPUT_HOSTS.replicate, trustedOrigins: [fake] };
  });
  afterAll(async () => {
    provider.closeAllConnections();
    await Promise.all([provider, internal, tcp].map((s) => new Promise<void>((r) => s.close(() => r()))));
  });

  it('re-encodes an accepted image as a JPEG with a long side of 2048 px, keeping the aspect', async () => {
    const img = await fetchImage('fake', `${fake}/small.webp`, policy);
    expect([img.width, img.height, img.sourceFormat]).toEqual([1536, 2048, 'webp']);
    const meta = await sharp(img.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1536, 2048]);
    // A redirect that stays on an allowed origin is followed.
    expect((await fetchImage('fake', `${fake}/to-self`, policy)).width).toBe(1536);
  });

  it('refuses what is not an image, missing, or not a web address', async () => {
    await expect(fetchImage('fake', `${fake}/not-an-image`, policy)).rejects.toThrow(
      'not a JPEG, PNG or WebP',
    );
    await expect(fetchImage('fake', `${fake}/gone`, policy)).rejects.toThrow('HTTP 404');
    await expect(fetchImage('fake', 'file:///etc/passwd', policy)).rejects.toThrow('not served over https');
    await expect(fetchImage('fake', 'not a url', policy)).rejects.toThrow('not a URL');
  });

  it('refuses a body over the size bound, announced or not', async () => {
    await expect(fetchImage('Replicate', `${fake}/huge`, policy)).rejects.toThrow(
      "Replicate's output was refused: it is larger than 40 MB.",
    );
    await expect(
      fetchImage('Replicate', `${fake}/endless`, { ...policy, maxBytes: 16 * 1024 }),
    ).rejects.toThrow('larger than');
  });

  it('gives up on a body that stops coming, at the time bound', async () => {
    await expect(fetchImage('Replicate', `${fake}/slow`, { ...policy, timeoutMs: 300 })).rejects.toThrow(
      "Replicate's output took longer than 0.3 s to download.",
    );
  });

  it('refuses hosts the provider does not document, plain http and IP addresses, without connecting', async () => {
    await expect(fetchImage('Replicate', 'https://images.example.com/a.webp', policy)).rejects.toThrow(
      'images.example.com is not one of the hosts Replicate documents for its outputs',
    );
    await expect(
      fetchImage('Replicate', 'https://replicate.delivery.example.com/a.webp', policy),
    ).rejects.toThrow('not one of the hosts');
    await expect(fetchImage('Replicate', 'http://replicate.delivery/pbxt/a.webp', policy)).rejects.toThrow(
      'not served over https',
    );
    await expect(fetchImage('Replicate', 'https://[::1]/a.webp', policy)).rejects.toThrow('an IP address');
    await expect(fetchImage('Replicate', `https://127.0.0.1:${tcpPort}/a.webp`, policy)).rejects.toThrow(
      'an IP address',
    );
    expect(tcpConnections).toBe(0);
  });

  it('refuses a redirect to an internal address without following it', async () => {
    await expect(fetchImage('Replicate', `${fake}/to-internal`, policy)).rejects.toThrow(
      'not served over https',
    );
    await expect(fetchImage('Replicate', `${fake}/to-metadata`, policy)).rejects.toThrow('an IP address');
    expect(internalHits).toBe(0);
  });

  it('refuses a documented-looking name that resolves to an internal address, before connecting', async () => {
    const local: OutputPolicy = { hosts: ['localhost'] };
    await expect(fetchImage('Replicate', `https://localhost:${tcpPort}/a.webp`, local)).rejects.toThrow(
      'localhost resolves to an internal address',
    );
    expect(tcpConnections).toBe(0);
  });
});

describe('address and host rules', () => {
  it('tells public addresses from internal ones', () => {
    for (const a of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['8.8.8.8', '151.101.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('matches documented hosts exactly or as subdomains', () => {
    expect(hostAllowed('replicate.delivery', OUTPUT_HOSTS.replicate)).toBe(true);
    expect(hostAllowed('pbxt.replicate.delivery', OUTPUT_HOSTS.replicate)).toBe(true);
    expect(hostAllowed('evilreplicate.delivery', OUTPUT_HOSTS.replicate)).toBe(false);
    expect(hostAllowed('v3.fal.media', OUTPUT_HOSTS.fal)).toBe(true);
    expect(hostAllowed('fal.media.evil.com', OUTPUT_HOSTS.fal)).toBe(false);
    expect(hostAllowed('mp.astria.ai', OUTPUT_HOSTS.astria)).toBe(true);
    expect(hostAllowed('astria.ai', OUTPUT_HOSTS.astria)).toBe(false);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('reads seconds and HTTP dates, bounded', () => {
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 12:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('999999', now)).toBe(3600);
  });
  it('ignores what is not one of the two forms', () => {
    for (const v of [null, undefined, '', '-5', '1.5', 'soon', '2026-11-26T12:02:00Z'])
      expect(retryAfterSeconds(v, now)).toBeNull();
  });
});

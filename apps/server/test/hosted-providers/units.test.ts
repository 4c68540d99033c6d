/** The pieces without a database: prompts, Standard Webhooks, output images. */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage, MAX_OUTPUT_BYTES } from '../../src/modules/hosted-providers/fetch-image.js';
import { buildPrompt } from '../../src/modules/hosted-providers/prompt.js';
import { verifyStandardWebhook } from '../../src/modules/hosted-providers/replicate/standard-webhooks.js';

describe('prompt building', () => {
  const style = {
    prompt: 'executive portrait photograph of {subject}, navy backdrop',
    negativePrompt: 'cartoon',
    framing: 'headshot' as const,
  };

  it('fills {subject} from the profile, with the trigger word and class', () => {
    const p = buildPrompt(style, 'ohwx', {
      gender: 'male',
      ageRange: '65+',
      hair: 'grey',
      eyes: 'green',
      glasses: false,
    });
    expect(p.prompt).toBe(
      'executive portrait photograph of ohwx man, over 65 years old, grey hair, green eyes, navy backdrop, head and shoulders',
    );
    expect(p.negativePrompt.startsWith('cartoon, ')).toBe(true);
  });

  it('keeps profile text from smuggling prompt syntax or newlines in', () => {
    const p = buildPrompt(style, 'ohwx', { gender: 'unspecified', hair: 'red)\n<lora:evil:9> [x]' });
    expect(p.prompt).toContain('ohwx person, red lora evil 9 x hair');
    expect(p.prompt).not.toMatch(/[<>\n[\]]/);
  });

  it('prefixes the subject when a style has no placeholder, and has a fallback', () => {
    expect(buildPrompt({ ...style, prompt: 'studio light' }, 'ohwx', null).prompt).toBe(
      'ohwx person, studio light, head and shoulders',
    );
    expect(buildPrompt({ ...style, prompt: '' }, 'ohwx', null).prompt).toContain(
      'portrait photograph of ohwx person',
    );
  });
});

describe('Standard Webhooks verification', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
  const body = Buffer.from('{"id":"p1","status":"succeeded"}');
  const sign = (id: string, ts: string, b: Buffer) =>
    createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${id}.${ts}.${b.toString()}`)
      .digest('base64');
  const now = 1_700_000_000;

  it('accepts a valid signature among several and refuses tampering, staleness and other secrets', () => {
    const ts = String(now);
    const h = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': ts,
      'webhook-signature': `v1,bogus v1,${sign('msg_1', ts, body)}`,
    };
    expect(verifyStandardWebhook(secret, h, body, now)).toBe(true);
    expect(
      verifyStandardWebhook(secret, h, Buffer.from(body.toString().replace('succeeded', 'failed')), now),
    ).toBe(false);
    expect(verifyStandardWebhook(secret, { ...h, 'webhook-id': 'msg_2' }, body, now)).toBe(false);
    expect(verifyStandardWebhook(secret, h, body, now + 301)).toBe(false);
    expect(
      verifyStandardWebhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, h, body, now),
    ).toBe(false);
    expect(verifyStandardWebhook(secret, { ...h, 'webhook-signature': '' }, body, now)).toBe(false);
  });
});

describe('output images', () => {
  let url = '';
  const server = createServer(async (req, res) => {
    if (req.url === '/small.webp') {
      const data = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer();
      res.end(data);
    } else if (req.url === '/not-an-image') res.end('<html>hello</html>');
    else if (req.url === '/huge') {
      res.writeHead(200, { 'content-length': String(MAX_OUTPUT_BYTES + 1) });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('re-encodes an accepted image as a JPEG with a long side of 2048 px, keeping the aspect', async () => {
    const img = await fetchImage('fake', `${url}/small.webp`);
    expect([img.width, img.height, img.sourceFormat]).toEqual([1536, 2048, 'webp']);
    const meta = await sharp(img.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1536, 2048]);
  });

  it('refuses what is not an image, too large, missing or not HTTP', async () => {
    await expect(fetchImage('fake', `${url}/not-an-image`)).rejects.toThrow('not a JPEG, PNG or WebP');
    await expect(fetchImage('fake', `${url}/huge`)).rejects.toThrow('larger than');
    await expect(fetchImage('fake', `${url}/gone`)).rejects.toThrow('HTTP 404');
    await expect(fetchImage('fake', 'file:///etc/passwd')).rejects.toThrow('non-HTTP');
  });
});

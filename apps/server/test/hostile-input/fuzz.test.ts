import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';

/**
 * Throws random and hostile bodies at record create/update and at the custom endpoints:
 * every answer must be 2xx or 4xx, errors always in the `{data, message, status}` shape, and no
 * answer may carry a stack or SQL text. Reproducible: FUZZ_SEED picks the sequence, FUZZ_COUNT its
 * length; a failure names the seed and the request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const COUNT = Number(process.env.FUZZ_COUNT ?? 300);

/** mulberry32: a small seeded PRNG, so a failing sequence can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "x') UNION SELECT * FROM _superusers --",
  '\u0000',
  '../../etc/passwd',
  '%00%ff',
  '🙂'.repeat(50),
  '\ud800',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '1e309',
  '-0',
  'true',
  '',
  ' '.repeat(300),
  'a'.repeat(5000),
];
const KEYS = [
  '__proto__',
  'constructor',
  'id',
  'email',
  'password',
  'passwordConfirm',
  'title',
  'user',
  'status',
  'package',
  'styles',
  'styles+',
  '-styles',
  'rating',
  'priceCents',
  'message',
  'name',
  'requests',
  'clientId',
  'subscriptions',
  'coupon',
  'verdict',
  'reason',
  'amountCents',
  'photos',
  'file',
  'tokenKey',
  'verified',
  'code',
  'otpId',
];

type Rng = () => number;
const encode = (v: unknown) => {
  try {
    return encodeURIComponent(String(v));
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as raw UTF-8 bytes
  }
};
const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function value(r: Rng, depth = 0): unknown {
  const k = r();
  if (depth > 3 || k < 0.3) return pick(r, HOSTILE_STRINGS);
  if (k < 0.4) return pick(r, [0, -1, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e-300]);
  if (k < 0.5) return pick(r, [true, false, null]);
  if (k < 0.7) return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth + 1));
  if (k < 0.75) {
    // Nested around the body depth limit, on either side of it.
    let nested: unknown = [];
    for (let d = 40 + Math.floor(r() * 60); d > 0; d--) nested = [nested];
    return nested;
  }
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 5); i > 0; i--) o[pick(r, KEYS)] = value(r, depth + 1);
  return o;
}

function deepText(depth: number, open = '[', close = ']') {
  return `${open.repeat(depth)}${close.repeat(depth)}`;
}

type Body = { label: string; body?: string | FormData; type?: string };

function jsonBody(r: Rng): Body {
  const k = r();
  const obj: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 6); i > 0; i--) obj[pick(r, KEYS)] = value(r);
  const text = JSON.stringify(obj);
  if (k < 0.5) return { label: 'json object', body: text, type: 'application/json' };
  if (k < 0.6)
    return {
      label: 'json truncated',
      body: text.slice(0, Math.floor(r() * text.length)),
      type: 'application/json',
    };
  if (k < 0.7)
    return {
      label: 'json deep',
      body: `{"title":${deepText(50 + Math.floor(r() * 100_000))}}`,
      type: 'application/json',
    };
  if (k < 0.75) return { label: 'json array', body: JSON.stringify([obj]), type: 'application/json' };
  if (k < 0.8)
    return {
      label: 'json scalar',
      body: pick(r, ['null', '1', '"x"', 'true', '[]']),
      type: 'application/json',
    };
  if (k < 0.9) {
    const bytes = Buffer.from(Array.from({ length: 1 + Math.floor(r() * 200) }, () => Math.floor(r() * 256)));
    return {
      label: 'random bytes as json',
      body: bytes.toString('latin1'),
      type: pick(r, ['application/json', 'text/plain', 'application/xml']),
    };
  }
  return {
    label: 'urlencoded',
    body: `${pick(r, KEYS)}=${encode(pick(r, HOSTILE_STRINGS))}&@jsonPayload=${encode(text.slice(0, Math.floor(r() * text.length) + 1))}`,
    type: 'application/x-www-form-urlencoded',
  };
}

function multipartBody(r: Rng): Body {
  const k = r();
  if (k < 0.5) {
    const form = new FormData();
    for (let i = Math.floor(r() * 6); i > 0; i--) {
      const key = pick(r, [...KEYS, '@jsonPayload']);
      const c = r();
      if (c < 0.3)
        form.append(
          key,
          new Blob([Buffer.from(pick(r, HOSTILE_STRINGS))]),
          pick(r, ['a.png', '../x.jpg', '', 'a\u0000.png']),
        );
      else if (c < 0.6 || key === '@jsonPayload') form.append(key, JSON.stringify(value(r)) ?? 'null');
      else if (c < 0.7) form.append(key, deepText(1000 + Math.floor(r() * 100_000), '{"a":', '}'));
      else form.append(key, String(pick(r, HOSTILE_STRINGS)));
    }
    return { label: 'multipart form', body: form };
  }
  const boundary = `fuzz${Math.floor(r() * 1e9)}`;
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="${pick(r, KEYS)}"\r\n\r\n${pick(r, HOSTILE_STRINGS)}\r\n`;
  const whole = `${part}--${boundary}--\r\n`;
  if (k < 0.65) return { label: 'multipart no boundary', body: whole, type: 'multipart/form-data' };
  if (k < 0.8)
    return {
      label: 'multipart truncated',
      body: whole.slice(0, Math.floor(r() * whole.length)),
      type: `multipart/form-data; boundary=${boundary}`,
    };
  if (k < 0.9)
    return { label: 'multipart wrong boundary', body: whole, type: 'multipart/form-data; boundary=other' };
  return {
    label: 'multipart bad header',
    body: `--${boundary}\r\nContent-Disposition: x\r\n\r\nv\r\n--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

const LEAKS = [
  /\n\s+at /,
  /node_modules/,
  /\.ts:\d+/,
  /SQLITE/i,
  /syntax error/i,
  /\bSELECT\b.*\bFROM\b/i,
  /INSERT INTO/i,
  /relation "/,
  /duplicate key/i,
  /stack/i,
];

describe.each(engines)('fuzzing bodies (%s)', (engine) => {
  let t: TestServer;
  let targets: { method: string; path: string }[];
  let tokens: string[];

  beforeAll(async () => {
    t = await startServer({ engine });
    await t.app.settings.patch({ batch: { enabled: true } });
    const su = await t.superuser();
    const owner = await t.user();
    const shoot = await su.collection('photoshoots').create({ user: owner.id, title: 'fuzzed' });
    const contact = await su.collection('contact_messages').getList(1, 1);
    tokens = ['', owner.pb.authStore.token, su.authStore.token];
    const id = shoot.id;
    targets = [
      ...[
        'users',
        'photoshoots',
        'original_photos',
        'contact_messages',
        'profiles',
        'packages',
        'coupons',
        'styles',
        'nonexistent',
      ].map((c) => ({ method: 'POST', path: `/api/collections/${c}/records` })),
      { method: 'PATCH', path: `/api/collections/photoshoots/records/${id}` },
      { method: 'PATCH', path: `/api/collections/users/records/${owner.id}` },
      { method: 'PATCH', path: `/api/collections/contact_messages/records/${contact.items[0]?.id ?? 'abc'}` },
      { method: 'POST', path: `/api/photoshoots/${id}/quote` },
      { method: 'POST', path: `/api/photoshoots/${id}/checkout` },
      { method: 'POST', path: `/api/photoshoots/${id}/redo` },
      { method: 'POST', path: `/api/admin/photoshoots/${id}/review` },
      { method: 'POST', path: `/api/admin/photoshoots/${id}/requeue` },
      { method: 'POST', path: '/api/payments/abcdefghijklmno/verify' },
      { method: 'POST', path: '/api/admin/payments/abcdefghijklmno/refund' },
      { method: 'POST', path: '/api/payments/stripe/webhook' },
      { method: 'POST', path: '/api/processing/webhooks/replicate' },
      { method: 'POST', path: '/api/batch' },
      { method: 'POST', path: '/api/realtime' },
      { method: 'POST', path: '/api/collections/users/auth-with-password' },
      { method: 'POST', path: '/api/collections/users/request-otp' },
      { method: 'POST', path: '/api/collections/users/request-password-reset' },
      { method: 'POST', path: '/api/files/token' },
      { method: 'PATCH', path: '/api/settings' },
    ];
  });
  afterAll(() => t.close());

  it(`answers ${COUNT} hostile requests with 2xx/4xx in the error shape, leaking nothing (seed ${SEED})`, async () => {
    const r = prng(SEED);
    const statuses = new Map<number, number>();
    for (let i = 0; i < COUNT; i++) {
      const target = pick(r, targets);
      const b = r() < 0.55 ? jsonBody(r) : multipartBody(r);
      const token = pick(r, tokens);
      const headers: Record<string, string> = {};
      if (b.type) headers['content-type'] = b.type;
      if (token) headers.authorization = token;
      const res = await fetch(`${t.url}${target.path}`, { method: target.method, headers, body: b.body });
      const text = await res.text();
      const where = `seed ${SEED} #${i}: ${target.method} ${target.path} with ${b.label} -> ${res.status} ${text.slice(0, 300)}`;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status >= 200 && res.status < 500, where).toBe(true);
      for (const leak of LEAKS) expect(leak.test(text), where).toBe(false);
      if (res.status >= 400) {
        const err = JSON.parse(text) as Record<string, unknown>;
        expect(Object.keys(err).sort(), where).toEqual(['data', 'message', 'status']);
        expect(err.status, where).toBe(res.status);
      }
    }
    // The sequence must reach past the parsers too, or it proves little.
    expect(
      [...statuses.keys()].some((s) => s < 300),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(COUNT / 10);
  });

  it('is healthy afterwards', async () => {
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    const { pb } = await t.user();
    const list = await pb.collection('photoshoots').getList(1, 5);
    expect(list.totalItems).toBe(0);
  });
});

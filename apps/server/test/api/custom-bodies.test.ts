/**
 * Every custom endpoint checks its body with its schema from the contract before anything else:
 * a malformed body is a 400 in PocketBase's shape naming the field at fault, in PocketBase's
 * words and codes (never zod's), whatever the endpoint's records hold. One row per endpoint family
 * and field kind; the ids in the paths need not exist, as the body is refused before they are read.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { expectErrorBody, failure } from '../support/errors.js';
import { createTeam } from '../teams/support.js';
import { parseBody } from '../../src/core/parse-body.js';
import { ApiError } from '../../src/core/errors.js';

type Who = 'superuser' | 'user' | 'owner';
/** Who calls, the path (`{team}`: the owner's team), the body, the field named and its code. */
type Row = [family: string, who: Who, path: string, body: unknown, field: string, code: string];

const ROWS: Row[] = [
  ['catalog', 'superuser', '/api/admin/styles/order', { ids: 'abc' }, 'ids', 'validation_invalid_ids'],
  ['catalog', 'superuser', '/api/admin/styles/order', { ids: ['a', 'a'] }, 'ids', 'validation_duplicate_ids'],
  ['delivery', 'user', '/api/photoshoots/nosuch/redo', { results: [1] }, 'results', 'validation_invalid_ids'],
  [
    'delivery',
    'user',
    '/api/photoshoots/nosuch/redo',
    { results: ['a'], reasons: { a: 5 } },
    'reasons',
    'validation_invalid_reasons',
  ],
  [
    'delivery',
    'user',
    '/api/photoshoots/nosuch/redo',
    { results: ['a'], reasons: { b: 'blurred' } },
    'reasons',
    'validation_invalid_reasons',
  ],
  [
    'delivery',
    'superuser',
    '/api/admin/photoshoots/nosuch/review',
    { release: 'yes' },
    'release',
    'validation_invalid_value',
  ],
  [
    'delivery',
    'superuser',
    '/api/admin/photoshoots/nosuch/review',
    { reject: [{ id: 1 }] },
    'reject',
    'validation_invalid_rejections',
  ],
  [
    'payments',
    'superuser',
    '/api/admin/payments/nosuch/refund',
    { amountCents: 1.5 },
    'amountCents',
    'validation_not_integer',
  ],
  [
    'payments',
    'superuser',
    '/api/admin/payments/nosuch/refund',
    { amountCents: 0 },
    'amountCents',
    'validation_min_number',
  ],
  [
    'payments',
    'superuser',
    '/api/admin/payments/nosuch/refund',
    { currency: 978 },
    'currency',
    'validation_invalid_value',
  ],
  [
    'payments',
    'user',
    '/api/payments/sandbox/nosuch/complete',
    { outcome: 'maybe' },
    'outcome',
    'validation_invalid_value',
  ],
  ['teams', 'user', '/api/teams', { company: 'Acme' }, 'name', 'validation_required'],
  ['teams', 'user', '/api/teams', { name: ['Acme'] }, 'name', 'validation_invalid_value'],
  ['teams', 'owner', '/api/teams/{team}/invites', { role: 'boss' }, 'role', 'validation_invalid_value'],
  ['teams', 'owner', '/api/teams/{team}/invites', { maxUses: 'many' }, 'maxUses', 'validation_invalid_value'],
  ['teams', 'owner', '/api/teams/{team}/transfer', { user: 7 }, 'user', 'validation_not_a_member'],
  ['teams', 'owner', '/api/teams/{team}/remind', { members: [1] }, 'members', 'validation_invalid_value'],
  [
    'comfyui',
    'superuser',
    '/api/admin/comfyui/workflows/validate',
    { name: 'w', graph: 'x' },
    'graph',
    'validation_invalid_value',
  ],
];

describe.each(engines)('custom endpoint bodies (%s)', (engine) => {
  let t: TestServer;
  let callers: Record<Who, PocketBase>;
  let team: string;

  beforeAll(async () => {
    t = await startServer({ engine });
    const [superuser, user, owner] = await Promise.all([t.superuser(), t.user(), t.user()]);
    callers = { superuser, user: user.pb, owner: owner.pb };
    team = (await createTeam(owner.pb, { name: 'Acme' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(ROWS)('%s: %s %s %j → 400 naming %s (%s)', async (_family, who, path, body, field, code) => {
    const err = await failure(
      callers[who].send(path.replace('{team}', team), { method: 'POST', body: body as object }),
    );
    expect(err.status, JSON.stringify(err.response)).toBe(400);
    const data = expectErrorBody(err.response, 400);
    const detail = data[field] as { code: string; message: string };
    expect(detail, JSON.stringify(data)).toMatchObject({ code });
    expect(detail.message).toMatch(/^[A-Z"].*\.$/);
    // note: zod's own sentences ("Expected string, received number", "Required") never leak.
    expect(`${String(err.response.message)} ${detail.message}`).not.toMatch(/expected|received|required/i);
  });

  it('reads a form body through the same schema (a single member as text)', async () => {
    const res = await fetch(`${t.url}/api/teams/${team}/remind`, {
      method: 'POST',
      headers: {
        authorization: callers.owner.authStore.token,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'members=nosuchuser',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reminded: [], skipped: [] });
  });
});

describe('parseBody', () => {
  const schema = z.object({
    name: z.string().max(3),
    count: z.number().int().min(1),
    tags: z.array(z.string()).max(1),
    kind: z.enum(['a', 'b']),
  });
  const errorOf = (body: unknown): ApiError => {
    try {
      parseBody(schema, body);
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
    throw new Error('expected a 400');
  };

  it("maps zod's checks to PocketBase's codes and sentences, one per top-level field", () => {
    const err = errorOf({ name: 'long', count: 0, tags: ['x', 'y'], kind: 'c' });
    expect(err.status).toBe(400);
    expect(err.data).toEqual({
      name: {
        code: 'validation_max_text_constraint',
        message: 'Must be less than 3 character(s).',
        params: { max: 3 },
      },
      count: { code: 'validation_min_number_constraint', message: 'Must be at least 1.', params: { min: 1 } },
      tags: {
        code: 'validation_too_many_values',
        message: 'Select no more than 1.',
        params: { maxSelect: 1 },
      },
      kind: { code: 'validation_invalid_value', message: 'Must be one of: a, b.' },
    });
    expect(err.message).toBe('Must be less than 3 character(s).');
    expect(errorOf({}).data.name).toEqual({ code: 'validation_required', message: 'Cannot be blank.' });
    expect(errorOf({ name: 1 }).data.name).toEqual({
      code: 'validation_invalid_value',
      message: 'Must be text.',
    });
    expect(errorOf({ name: 'a', count: 1, tags: [2], kind: 'a' }).data).toEqual({
      tags: { code: 'validation_invalid_value', message: 'Must be text.' },
    });
  });

  it('ignores unknown keys, as PocketBase ignores unknown record fields', () => {
    expect(parseBody(schema, { name: 'abc', count: 2, tags: [], kind: 'b', extra: true })).toEqual({
      name: 'abc',
      count: 2,
      tags: [],
      kind: 'b',
    });
  });
});

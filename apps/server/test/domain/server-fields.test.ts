/**
 * Server-managed fields (status, money, payment references, progress, QC, seats, leases, tokens)
 * can never be written by a non-superuser through the records API. The cases are
 * generated from the collection definitions, so a new `system` field is covered automatically:
 * - collections a non-superuser may write: the write is refused with 400 `validation_readonly`
 *   on that field, or, for hidden fields (which such callers cannot even name), silently ignored;
 * - collections only superusers may write: 403;
 * - a superuser may write every one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { domainCollections } from '../../src/modules/all-collections.js';
import type { CollectionDef } from '../../src/core/schema/collection.js';
import { zeroValue, type Field } from '../../src/core/schema/fields.js';
import { q } from '../../src/core/db/db.js';
import { buildWorld, photo, type Role, type World } from './support.js';
import { failure } from '../support/errors.js';
import { uploadChecksKey } from '../../src/modules/analysis/upload-checks.js';

type Ctx = World & { completed: string };

type Writer = {
  role: Role;
  /** A record this role may update. */
  fresh?(c: Ctx): Promise<string>;
  /** A valid create body for this role. */
  createBody?(c: Ctx): Promise<Record<string, unknown>>;
};

let variant = 100;
const writers: Record<string, Writer> = {
  photoshoots: {
    role: 'owner',
    fresh: async (c) => String((await c.put('photoshoots', { user: c.ids.owner, title: 'x' })).id),
    createBody: async (c) => ({ user: c.ids.owner, title: 'New' }),
  },
  original_photos: {
    role: 'owner',
    createBody: async (c) => ({
      photoshoot: String((await c.put('photoshoots', { user: c.ids.owner })).id),
      user: c.ids.owner,
      file: await photo(),
    }),
  },
  results: {
    role: 'owner',
    fresh: async (c) =>
      String(
        (
          await c.put('results', {
            photoshoot: c.completed,
            user: c.ids.owner,
            variant: variant++,
            review: 'approved',
            released: true,
          })
        ).id,
      ),
  },
  teams: { role: 'admin', fresh: async (c) => c.team },
  team_members: {
    role: 'admin',
    fresh: async (c) =>
      String((await c.put('team_members', { team: c.team, user: (await c.t.user()).id, role: 'member' })).id),
  },
  team_invites: {
    role: 'admin',
    fresh: async (c) => String((await c.put('team_invites', { team: c.team, role: 'member' })).id),
    createBody: async (c) => ({ team: c.team, role: 'member' }),
  },
  contact_messages: {
    role: 'guest',
    createBody: async () => ({ name: 'Ann', email: 'ann@example.com', message: 'Hello there' }),
  },
};

function serverManaged(collection: CollectionDef): Field[] {
  return collection.fields.filter((f) => f.system && f.type !== 'autodate' && f.name !== 'id');
}

/** A value a superuser could legitimately store in `field`. */
async function sample(c: Ctx, field: Field): Promise<unknown> {
  switch (field.type) {
    case 'relation': {
      if (field.collection === 'users') return (await c.t.user()).id;
      const row = await c.t.app.db.get<{ id: string }>(`SELECT "id" FROM ${q(field.collection)} LIMIT 1`);
      return field.maxSelect > 1 ? [row!.id] : row!.id;
    }
    case 'number':
      return Math.min(field.max ?? 3, 3);
    case 'bool':
      return true;
    case 'select':
      return field.values[field.values.length - 1];
    case 'date':
      return '2030-01-02 03:04:05.000Z';
    case 'json':
      return { note: 'set by the server' };
    case 'text':
      if (field.pattern?.startsWith('^[A-Za-z0-9]+$')) return 'A'.repeat(40);
      return field.max && field.max < 5 ? 'eur' : 'server value';
    case 'file':
      return 'forged.jpg';
    default:
      return 'x';
  }
}

type Case = {
  collection: CollectionDef;
  field: Field;
  op: 'create' | 'update';
  role: Role;
  expect: 400 | 403 | 'ignored';
};

function cases(): Case[] {
  const out: Case[] = [];
  for (const collection of domainCollections) {
    const writer = writers[collection.name];
    for (const field of serverManaged(collection)) {
      for (const op of ['create', 'update'] as const) {
        const rule = op === 'create' ? collection.createRule : collection.updateRule;
        if (rule === null) {
          out.push({ collection, field, op, role: writer?.role ?? 'owner', expect: 403 });
          continue;
        }
        if (!writer) throw new Error(`no writer for ${collection.name}`);
        out.push({ collection, field, op, role: writer.role, expect: field.hidden ? 'ignored' : 400 });
      }
    }
  }
  return out;
}

describe.each(engines)('server-managed fields (%s)', (engine) => {
  let t: TestServer;
  let c: Ctx;

  beforeAll(async () => {
    t = await startServer({ engine });
    const w = await buildWorld(t);
    const completed = await w.put('photoshoots', { user: w.ids.owner, team: w.team, status: 'completed' });
    // So that every relation a server-managed field can point at has a row to point at.
    await w.put('coupons', { code: 'SAMPLE10', appliesTo: 'any', percentOff: 10, active: true });
    await w.put('payments', { user: w.ids.owner, provider: 'sandbox', status: 'pending' });
    const draft = await w.put('photoshoots', { user: w.ids.owner });
    await w.clients.superuser
      .collection('original_photos')
      .create({ photoshoot: draft.id, user: w.ids.owner, file: await photo() });
    await w.put('contact_messages', { name: 'Ann', email: 'ann@example.com', message: 'Hello there' });
    c = { ...w, completed: String(completed.id) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has server-managed fields to check in every collection the issue names', () => {
    const names = domainCollections.filter((d) => serverManaged(d).length).map((d) => d.name);
    for (const name of [
      'photoshoots',
      'original_photos',
      'results',
      'payments',
      'teams',
      'team_members',
      'team_invites',
      'coupons',
    ]) {
      expect(names).toContain(name);
    }
  });

  for (const k of cases()) {
    const label = k.expect === 'ignored' ? 'is ignored' : `→ ${k.expect}`;
    it(`${k.collection.name}.${k.field.name}: ${k.op} as ${k.role} ${label}`, async () => {
      const pb = c.clients[k.role].collection(k.collection.name);
      const value = await sample(c, k.field);
      const writer = writers[k.collection.name];
      if (k.expect === 403) {
        const req =
          k.op === 'create'
            ? pb.create({ [k.field.name]: value })
            : pb.update('aaaaaaaaaaaaaaa', { [k.field.name]: value });
        expect((await failure(req)).status).toBe(403);
        return;
      }
      if (k.op === 'create') {
        const body = { ...(await writer!.createBody!(c)), [k.field.name]: value };
        if (k.expect === 400) {
          const err = await failure(pb.create(body));
          expect(err.status).toBe(400);
          expect(err.response.data[k.field.name]?.code).toBe('validation_readonly');
          return;
        }
        const made = await pb.create(body);
        const stored = await c.t.app.records.findById(k.collection, made.id);
        expect(stored![k.field.name]).toEqual(zeroValue(k.field));
        return;
      }
      const id = await writer!.fresh!(c);
      const before = await c.t.app.records.findById(k.collection, id);
      if (k.expect === 400) {
        const err = await failure(pb.update(id, { [k.field.name]: value }));
        expect(err.status).toBe(400);
        expect(err.response.data[k.field.name]?.code).toBe('validation_readonly');
      } else {
        await pb.update(id, { [k.field.name]: value });
      }
      const after = await c.t.app.records.findById(k.collection, id);
      expect(after![k.field.name]).toEqual(before![k.field.name]);
    });
  }

  describe('superusers', () => {
    for (const collection of domainCollections) {
      const fields = serverManaged(collection).filter((f) => f.type !== 'file');
      if (!fields.length) continue;
      it(`may write every server-managed field of ${collection.name}`, async () => {
        const su = c.clients.superuser.collection(collection.name);
        for (const field of fields) {
          const id = writers[collection.name]?.fresh
            ? await writers[collection.name]!.fresh!(c)
            : String(
                (await c.t.app.db.get<{ id: string }>(`SELECT "id" FROM ${q(collection.name)} LIMIT 1`))!.id,
              );
          const value = await sample(c, field);
          // Photos made by earlier cases may still be in their upload check, whose verdict
          // rewrites qcCheckedAt and friends when it lands: that is the check's job, not
          // what is tested here.
          await c.t.app.service(uploadChecksKey).idle();
          await su.update(id, { [field.name]: value });
          const stored = await c.t.app.records.findById(collection, id);
          expect(stored![field.name], field.name).toEqual(value);
        }
      });
    }
  });
});

/**
 * Every domain collection × every role × list/view/create/update/delete, with the outcome each
 * combination must have, driven through the SDK on every engine.
 *
 * Outcomes: `ok` (listed / 200 / 204), `hidden` (not listed / 404: the rule does not match),
 * `403` (the action is for superusers only), `400` (create refused by its rule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { randomString } from '../../src/tools/random.js';
import { buildWorld, photo, ROLES, type Role, type World } from './support.js';
import { statusOf } from '../support/errors.js';

type Outcome = 'ok' | 'hidden' | 403 | 400;
type Row = Record<Role, Outcome>;

/** `yes` for the listed roles, `no` for the others. */
function only(roles: Role[], yes: Outcome, no: Outcome): Row {
  return Object.fromEntries(ROLES.map((r) => [r, roles.includes(r) ? yes : no])) as Row;
}
const everyone = (o: Outcome): Row => only([...ROLES], o, o);
const superuserOnly = only(['superuser'], 'ok', 403);

type Ctx = World & {
  /** The owner's draft photoshoot in the team (list/view target and parent of new photos). */
  draft: string;
  /** Another draft of the owner's, parent of the photos made for update/delete cases. */
  spareDraft: string;
  /** The owner's completed team photoshoot with released results. */
  completed: string;
};

type Spec = {
  collection: string;
  /** The record the list and view cases look for. */
  target(c: Ctx): Promise<string>;
  /** A new record for an update or delete case. */
  fresh(c: Ctx, op: 'update' | 'delete'): Promise<string>;
  createBody(c: Ctx): Promise<Record<string, unknown>>;
  /** A change to make; values are new each time, since some cases share one record. */
  updateBody(): Record<string, unknown>;
  list: Row;
  view: Row;
  create: Row;
  update: Row;
  delete: Row;
};

const slug = () => `s-${randomString(10, 'abcdefghijklmnopqrstuvwxyz')}`;
let variant = 100;

async function freshUserIn(c: Ctx, role: 'member' | 'admin'): Promise<string> {
  const u = await c.t.user();
  const row = await c.put('team_members', { team: c.team, user: u.id, role });
  return String(row.id);
}

const once = new Map<string, Promise<string>>();
/** A record made on first use and shared by the list and view cases. */
function shared(key: string, make: () => Promise<string>): Promise<string> {
  if (!once.has(key)) once.set(key, make());
  return once.get(key)!;
}

const specs: Spec[] = [
  {
    collection: 'profiles',
    target: (c) =>
      shared('profile', async () => String((await c.put('profiles', { user: c.ids.owner, name: 'Me' })).id)),
    fresh: async (c) => String((await c.put('profiles', { user: c.ids.owner, name: 'Me' })).id),
    createBody: async (c) => ({ user: c.ids.owner, name: 'Me' }),
    updateBody: () => ({ name: 'Renamed' }),
    list: only(['owner', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'superuser'], 'ok', 'hidden'),
    create: only(['owner', 'superuser'], 'ok', 400),
    update: only(['owner', 'superuser'], 'ok', 'hidden'),
    delete: only(['owner', 'superuser'], 'ok', 'hidden'),
  },
  {
    // The team's custom style: members see it, outsiders do not (public styles: see below).
    collection: 'styles',
    target: async (c) => c.teamStyle,
    fresh: async (c) =>
      String(
        (
          await c.put('styles', {
            name: 'T',
            slug: slug(),
            category: 'custom',
            framing: 'headshot',
            aspect: '1:1',
            active: true,
            team: c.team,
          })
        ).id,
      ),
    createBody: async () => ({
      name: 'New',
      slug: slug(),
      category: 'custom',
      framing: 'headshot',
      aspect: '1:1',
      active: true,
    }),
    updateBody: () => ({ name: 'Renamed' }),
    list: only(['owner', 'member', 'admin', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'member', 'admin', 'superuser'], 'ok', 'hidden'),
    create: superuserOnly,
    update: superuserOnly,
    delete: superuserOnly,
  },
  {
    collection: 'packages',
    target: (c) =>
      shared('package', async () =>
        String(
          (await c.t.app.records.findOneBy(c.t.app.registry.require('packages'), { slug: 'starter' }))!.id,
        ),
      ),
    fresh: async (c) =>
      String(
        (
          await c.put('packages', {
            name: 'P',
            slug: slug(),
            kind: 'individual',
            priceCents: 100,
            currency: 'usd',
            stylesIncluded: 1,
            imagesPerStyle: 1,
            active: true,
          })
        ).id,
      ),
    createBody: async () => ({
      name: 'P',
      slug: slug(),
      kind: 'individual',
      priceCents: 100,
      currency: 'usd',
      stylesIncluded: 1,
      imagesPerStyle: 1,
      active: true,
    }),
    updateBody: () => ({ name: 'Renamed' }),
    list: everyone('ok'),
    view: everyone('ok'),
    create: superuserOnly,
    update: superuserOnly,
    delete: superuserOnly,
  },
  {
    collection: 'coupons',
    target: (c) =>
      shared('coupon', async () =>
        String((await c.put('coupons', { code: slug(), appliesTo: 'any', percentOff: 10, active: true })).id),
      ),
    fresh: async (c) =>
      String((await c.put('coupons', { code: slug(), appliesTo: 'any', percentOff: 10, active: true })).id),
    createBody: async () => ({ code: slug(), appliesTo: 'any', percentOff: 10, active: true }),
    updateBody: () => ({ description: 'Spring sale' }),
    list: superuserOnly,
    view: superuserOnly,
    create: superuserOnly,
    update: superuserOnly,
    delete: superuserOnly,
  },
  {
    collection: 'teams',
    target: async (c) => c.team,
    // Updates need the team's admins, so they act on the world's team; deletes on a new one.
    fresh: async (c, op) => (op === 'update' ? c.team : String((await c.put('teams', { name: 'Spare' })).id)),
    createBody: async () => ({ name: 'New team' }),
    updateBody: () => ({ name: `Acme ${randomString(6)}` }),
    list: only(['owner', 'member', 'admin', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'member', 'admin', 'superuser'], 'ok', 'hidden'),
    create: superuserOnly,
    update: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    delete: superuserOnly,
  },
  {
    // Another member's membership row.
    collection: 'team_members',
    target: (c) => shared('membership', () => freshUserIn(c, 'member')),
    fresh: (c) => freshUserIn(c, 'member'),
    createBody: async (c) => ({ team: c.team, user: (await c.t.user()).id, role: 'member' }),
    updateBody: () => ({ role: 'admin' }),
    list: only(['owner', 'member', 'admin', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'member', 'admin', 'superuser'], 'ok', 'hidden'),
    create: superuserOnly,
    update: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    delete: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
  },
  {
    collection: 'team_invites',
    target: (c) =>
      shared('invite', async () =>
        String((await c.put('team_invites', { team: c.team, role: 'member' })).id),
      ),
    fresh: async (c) => String((await c.put('team_invites', { team: c.team, role: 'member' })).id),
    createBody: async (c) => ({ team: c.team, role: 'member' }),
    updateBody: () => ({ maxUses: 3 }),
    list: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    create: only(['owner', 'admin', 'superuser'], 'ok', 400),
    update: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    delete: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
  },
  {
    // The owner's team photoshoot: team admins read it; a fellow member does not.
    collection: 'photoshoots',
    target: async (c) => c.draft,
    fresh: async (c) =>
      String((await c.put('photoshoots', { user: c.ids.owner, team: c.team, title: 'Fresh' })).id),
    createBody: async (c) => ({ user: c.ids.owner, team: c.team, title: 'New' }),
    updateBody: () => ({ title: 'Renamed' }),
    list: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    create: only(['owner', 'superuser'], 'ok', 400),
    update: only(['owner', 'superuser'], 'ok', 'hidden'),
    delete: only(['owner', 'superuser'], 'ok', 'hidden'),
  },
  {
    collection: 'payments',
    target: (c) =>
      shared('payment', async () =>
        String(
          (
            await c.put('payments', {
              user: c.ids.owner,
              photoshoot: c.draft,
              provider: 'sandbox',
              status: 'pending',
            })
          ).id,
        ),
      ),
    fresh: async (c) =>
      String((await c.put('payments', { user: c.ids.owner, provider: 'sandbox', status: 'pending' })).id),
    createBody: async (c) => ({ user: c.ids.owner, provider: 'sandbox', status: 'pending' }),
    updateBody: () => ({ failureReason: 'card declined' }),
    list: only(['owner', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'superuser'], 'ok', 'hidden'),
    create: superuserOnly,
    update: superuserOnly,
    delete: superuserOnly,
  },
  {
    // Selfies: private to the owner, not even the team admin sees them.
    collection: 'original_photos',
    target: (c) =>
      shared(
        'photo',
        async () =>
          (
            await c.clients.owner
              .collection('original_photos')
              .create({ photoshoot: c.draft, user: c.ids.owner, file: await photo() })
          ).id,
      ),
    fresh: async (c) =>
      (
        await c.clients.superuser
          .collection('original_photos')
          .create({ photoshoot: c.spareDraft, user: c.ids.owner, file: await photo() })
      ).id,
    createBody: async (c) => ({ photoshoot: c.draft, user: c.ids.owner, file: await photo() }),
    updateBody: () => ({ qc: 'accepted' }),
    list: only(['owner', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'superuser'], 'ok', 'hidden'),
    create: only(['owner', 'superuser'], 'ok', 400),
    update: superuserOnly,
    delete: only(['owner', 'superuser'], 'ok', 'hidden'),
  },
  {
    // A released result of the owner's completed team photoshoot.
    collection: 'results',
    target: (c) =>
      shared('result', async () =>
        String(
          (
            await c.put('results', {
              photoshoot: c.completed,
              user: c.ids.owner,
              team: c.team,
              variant: variant++,
              review: 'approved',
              released: true,
            })
          ).id,
        ),
      ),
    fresh: async (c) =>
      String(
        (
          await c.put('results', {
            photoshoot: c.completed,
            user: c.ids.owner,
            team: c.team,
            variant: variant++,
            review: 'approved',
            released: true,
          })
        ).id,
      ),
    createBody: async (c) => ({
      photoshoot: c.completed,
      user: c.ids.owner,
      variant: variant++,
      review: 'approved',
    }),
    updateBody: () => ({ favorite: true }),
    list: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'admin', 'superuser'], 'ok', 'hidden'),
    create: superuserOnly,
    update: only(['owner', 'superuser'], 'ok', 'hidden'),
    delete: superuserOnly,
  },
  {
    collection: 'photoshoot_events',
    target: (c) =>
      shared('event', async () => {
        const rows = await c.clients.superuser
          .collection('photoshoot_events')
          .getFullList({ filter: `photoshoot = "${c.draft}"` });
        return rows[0]!.id;
      }),
    fresh: async (c) =>
      String(
        (await c.put('photoshoot_events', { photoshoot: c.draft, toStatus: 'draft', actorKind: 'system' }))
          .id,
      ),
    createBody: async (c) => ({ photoshoot: c.draft, toStatus: 'draft', actorKind: 'system' }),
    updateBody: () => ({ reason: 'corrected' }),
    list: only(['owner', 'superuser'], 'ok', 'hidden'),
    view: only(['owner', 'superuser'], 'ok', 'hidden'),
    create: superuserOnly,
    update: superuserOnly,
    delete: superuserOnly,
  },
  {
    collection: 'contact_messages',
    target: (c) =>
      shared('message', async () =>
        String(
          (await c.put('contact_messages', { name: 'Ann', email: 'ann@example.com', message: 'Hello there' }))
            .id,
        ),
      ),
    fresh: async (c) =>
      String(
        (await c.put('contact_messages', { name: 'Ann', email: 'ann@example.com', message: 'Hello there' }))
          .id,
      ),
    createBody: async () => ({
      name: 'Bob',
      email: 'bob@example.com',
      topic: 'billing',
      message: 'Question about my invoice',
    }),
    updateBody: () => ({ topic: 'support' }),
    list: superuserOnly,
    view: superuserOnly,
    create: everyone('ok'),
    update: superuserOnly,
    delete: superuserOnly,
  },
];

function expectedStatus(o: Outcome, success: number): number {
  if (o === 'ok') return success;
  if (o === 'hidden') return 404;
  return o;
}

describe.each(engines)('rule matrix (%s)', (engine) => {
  let t: TestServer;
  let c: Ctx;

  beforeAll(async () => {
    once.clear();
    t = await startServer({ engine });
    const w = await buildWorld(t);
    const draft = await w.put('photoshoots', {
      user: w.ids.owner,
      team: w.team,
      title: 'Draft',
      styles: [w.publicStyle],
    });
    const spareDraft = await w.put('photoshoots', { user: w.ids.owner, team: w.team, title: 'Spare' });
    const completed = await w.put('photoshoots', {
      user: w.ids.owner,
      team: w.team,
      title: 'Done',
      status: 'completed',
    });
    c = { ...w, draft: String(draft.id), spareDraft: String(spareDraft.id), completed: String(completed.id) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('covers every domain collection', async () => {
    const { domainCollections } = await import('../../src/modules/all-collections.js');
    expect(specs.map((s) => s.collection).sort()).toEqual(domainCollections.map((d) => d.name).sort());
  });

  for (const spec of specs) {
    describe(spec.collection, () => {
      for (const role of ROLES) {
        it(`list as ${role} → ${spec.list[role]}`, async () => {
          const id = await spec.target(c);
          const res = c.clients[role].collection(spec.collection).getList(1, 50, { filter: `id = "${id}"` });
          if (spec.list[role] === 403) {
            expect(await statusOf(res)).toBe(403);
            return;
          }
          const items = (await res).items.map((i) => i.id);
          expect(items).toEqual(spec.list[role] === 'ok' ? [id] : []);
        });

        it(`view as ${role} → ${spec.view[role]}`, async () => {
          const id = await spec.target(c);
          expect(await statusOf(c.clients[role].collection(spec.collection).getOne(id))).toBe(
            expectedStatus(spec.view[role], 200),
          );
        });

        it(`create as ${role} → ${spec.create[role]}`, async () => {
          const body = await spec.createBody(c);
          const res = c.clients[role].collection(spec.collection).create(body);
          expect(await statusOf(res)).toBe(expectedStatus(spec.create[role], 200));
        });

        it(`update as ${role} → ${spec.update[role]}`, async () => {
          const id = await spec.fresh(c, 'update');
          const body = spec.updateBody();
          const res = c.clients[role].collection(spec.collection).update(id, body);
          expect(await statusOf(res)).toBe(expectedStatus(spec.update[role], 200));
          const stored = await c.t.app.records.findById(c.t.app.registry.require(spec.collection), id);
          const [field, value] = Object.entries(body)[0]!;
          if (spec.update[role] === 'ok') expect(stored![field]).toEqual(value);
          else expect(stored![field]).not.toEqual(value);
        });

        it(`delete as ${role} → ${spec.delete[role]}`, async () => {
          const id = await spec.fresh(c, 'delete');
          const res = c.clients[role].collection(spec.collection).delete(id);
          expect(await statusOf(res)).toBe(expectedStatus(spec.delete[role], 200));
          const stored = await c.t.app.records.findById(c.t.app.registry.require(spec.collection), id);
          expect(stored === null).toBe(spec.delete[role] === 'ok');
        });
      }
    });
  }

  describe('public catalogue', () => {
    it('shows active public styles to everyone, and never their prompt', async () => {
      for (const role of ROLES) {
        const list = await c.clients[role].collection('styles').getFullList({ filter: "team = ''" });
        expect(list.length, role).toBeGreaterThanOrEqual(8);
        if (role !== 'superuser')
          expect(
            list.every((s) => !('prompt' in s)),
            role,
          ).toBe(true);
      }
    });

    it('hides inactive styles and packages from everyone but superusers', async () => {
      const style = await c.put('styles', {
        name: 'Old',
        slug: slug(),
        category: 'classic',
        framing: 'headshot',
        aspect: '1:1',
        active: false,
      });
      const pkg = await c.put('packages', {
        name: 'Old',
        slug: slug(),
        kind: 'team',
        priceCents: 1,
        currency: 'usd',
        stylesIncluded: 1,
        imagesPerStyle: 1,
      });
      for (const role of ROLES) {
        const expected = role === 'superuser' ? 200 : 404;
        expect(await statusOf(c.clients[role].collection('styles').getOne(String(style.id))), role).toBe(
          expected,
        );
        expect(await statusOf(c.clients[role].collection('packages').getOne(String(pkg.id))), role).toBe(
          expected,
        );
      }
    });

    it('shows a team style to its members only, not to members of other teams', async () => {
      const outsider = await c.t.user();
      const otherTeam = await c.put('teams', { name: 'Other' });
      await c.put('team_members', { team: otherTeam.id, user: outsider.id, role: 'admin' });
      expect(await statusOf(outsider.pb.collection('styles').getOne(c.teamStyle))).toBe(404);
      expect(await statusOf(outsider.pb.collection('teams').getOne(c.team))).toBe(404);
    });
  });

  describe('team edge cases', () => {
    it('lets a member leave the team, but nobody but a superuser remove the owner', async () => {
      const leaver = await c.t.user();
      const row = await c.put('team_members', { team: c.team, user: leaver.id, role: 'member' });
      expect(await statusOf(leaver.pb.collection('team_members').delete(String(row.id)))).toBe(200);
      const ownerRow = await c.t.app.records.findOneBy(c.t.app.registry.require('team_members'), {
        team: c.team,
        user: c.ids.owner,
      });
      for (const role of ['owner', 'admin'] as const) {
        expect(
          await statusOf(c.clients[role].collection('team_members').delete(String(ownerRow!.id))),
          role,
        ).toBe(404);
        expect(
          await statusOf(
            c.clients[role].collection('team_members').update(String(ownerRow!.id), { role: 'member' }),
          ),
          role,
        ).toBe(404);
      }
    });

    it('never lets an admin promote anyone to owner', async () => {
      const id = await freshUserIn(c, 'member');
      expect(await statusOf(c.clients.admin.collection('team_members').update(id, { role: 'owner' }))).toBe(
        404,
      );
    });

    it('shows invite tokens to team admins only; the server makes them', async () => {
      const invite = await c.clients.admin
        .collection('team_invites')
        .create({ team: c.team, role: 'member', token: 'x'.repeat(40) })
        .catch((e) => e);
      expect(invite.status).toBe(400);
      const made = await c.clients.admin.collection('team_invites').create({ team: c.team, role: 'member' });
      expect(made.token).toMatch(/^[A-Za-z0-9]{40}$/);
      expect(made.createdBy).toBe(c.ids.admin);
      const seen = await c.clients.member
        .collection('team_invites')
        .getList(1, 10, { filter: `token = "${made.token}"` });
      expect(seen.items).toEqual([]);
    });

    it('refuses a team photoshoot from a user outside the team', async () => {
      const res = c.clients.other
        .collection('photoshoots')
        .create({ user: c.ids.other, team: c.team, title: 'Sneaky' });
      expect(await statusOf(res)).toBe(400);
      const own = await c.clients.other
        .collection('photoshoots')
        .create({ user: c.ids.other, title: 'Mine' });
      expect(own.status).toBe('draft');
    });

    it('lets team admins edit branding but only with styles open to the team', async () => {
      const teams = c.clients.admin.collection('teams');
      const ok = await teams.update(c.team, { styles: [c.publicStyle, c.teamStyle] });
      expect(ok.styles).toEqual([c.publicStyle, c.teamStyle]);
      const otherTeam = await c.put('teams', { name: 'Elsewhere' });
      const foreign = await c.put('styles', {
        name: 'F',
        slug: slug(),
        category: 'custom',
        framing: 'headshot',
        aspect: '1:1',
        active: true,
        team: otherTeam.id,
      });
      const err = await teams.update(c.team, { styles: [String(foreign.id)] }).catch((e) => e);
      expect(err.status).toBe(400);
      expect(err.response.data.styles.code).toBe('validation_style_unavailable');
      await teams.update(c.team, { styles: [] });
    });
  });
});

/**
 * The photoshoot state machine: allowed moves, refused moves with a reason, timestamps,
 * the transition log, atomicity with the caller's transaction, and concurrent moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { EDGES, transition } from '../../src/modules/photoshoots/lifecycle.js';
import { systemActor, type Actor } from '../../src/core/records/actor.js';
import { PHOTOSHOOT_STATUSES } from '../../src/modules/photoshoots/statuses.js';
import { ApiError } from '../../src/core/errors.js';
import type { RecordEvent } from '../../src/core/records/record-events.js';
import { buildWorld, type World } from './support.js';
import { failure } from '../support/errors.js';

async function refusedWith(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the transition to be refused');
}

describe.each(engines)('photoshoot lifecycle (%s)', (engine) => {
  let t: TestServer;
  let w: World;
  let owner: Actor;
  const operator: Actor = { kind: 'superuser', id: 'op1' };
  const worker = systemActor('worker-1');

  beforeAll(async () => {
    t = await startServer({ engine });
    w = await buildWorld(t);
    owner = { kind: 'user', id: w.ids.owner };
  });
  afterAll(async () => {
    await t?.close();
  });

  const photoshoots = () => t.app.registry.require('photoshoots');
  const load = async (id: string) => (await t.app.records.findById(photoshoots(), id))!;
  const create = async () =>
    (await w.clients.owner.collection('photoshoots').create({ user: w.ids.owner, title: 'Shoot' })).id;
  /** Puts a photoshoot straight into `status` (test setup, not a transition). */
  const inState = async (status: string) =>
    String((await w.put('photoshoots', { user: w.ids.owner, status })).id);
  const eventsOf = async (id: string) =>
    (
      await t.app.db.all<{
        fromStatus: string;
        toStatus: string;
        actorKind: string;
        actorId: string;
        reason: string;
      }>(`SELECT * FROM "photoshoot_events" WHERE "photoshoot" = ? ORDER BY "created"`, [id])
    ).map((e) => `${e.fromStatus || '∅'}→${e.toStatus} by ${e.actorKind}`);

  it('knows every status and only moves between known ones', () => {
    for (const e of EDGES) {
      expect(PHOTOSHOOT_STATUSES).toContain(e.from);
      expect(PHOTOSHOOT_STATUSES).toContain(e.to);
    }
    const reachable = new Set(EDGES.map((e) => e.to));
    for (const s of PHOTOSHOOT_STATUSES) if (s !== 'draft') expect(reachable.has(s), s).toBe(true);
  });

  it('walks the whole life of a photoshoot and logs every move in order', async () => {
    const id = await create();
    const steps: [string, Actor][] = [
      ['pending_payment', owner],
      ['draft', worker], // the payment was cancelled
      ['pending_payment', owner],
      ['queued', worker], // paid
      ['processing', worker],
      ['queued', worker], // an attempt failed; retry
      ['processing', worker],
      ['review', worker],
      ['completed', operator], // released
      ['queued', owner], // redo
      ['processing', worker],
      ['failed', worker],
      ['queued', operator], // requeued
      ['processing', worker],
      ['completed', worker], // review switched off
      ['refunded', operator],
    ];
    for (const [to, actor] of steps) {
      const { photoshoot, event } = await transition(t.app, id, to, actor, `to ${to}`);
      expect(photoshoot.status).toBe(to);
      expect(event.toStatus).toBe(to);
      expect((await load(id)).status).toBe(to);
    }
    const expected = ['∅→draft by user'];
    let from = 'draft';
    for (const [to, actor] of steps) {
      expected.push(`${from}→${to} by ${actor.kind}`);
      from = to;
    }
    expect(await eventsOf(id)).toEqual(expected);
  });

  it('stamps the time of each state and drops the worker lease when processing ends', async () => {
    const id = await create();
    await transition(t.app, id, 'queued', owner, 'free');
    const queued = await load(id);
    expect(queued.queuedAt).not.toBe('');
    expect(queued.startedAt).toBe('');
    await transition(t.app, id, 'processing', worker, 'claimed');
    await t.app.db.run(
      `UPDATE "photoshoots" SET "leaseOwner" = 'worker-1', "leaseExpiresAt" = '2030-01-01 00:00:00.000Z' WHERE "id" = ?`,
      [id],
    );
    expect((await load(id)).startedAt).not.toBe('');
    await transition(t.app, id, 'review', worker, 'done');
    const review = await load(id);
    expect(review.completedAt).not.toBe('');
    expect(review.releasedAt).toBe('');
    expect(review.leaseOwner).toBe('');
    expect(review.leaseExpiresAt).toBe('');
    await transition(t.app, id, 'completed', operator, 'released');
    const done = await load(id);
    expect(String(done.releasedAt) >= String(done.completedAt)).toBe(true);
  });

  const refusals: { from: string; to: string; by: 'owner' | 'operator' | 'worker'; message: RegExp }[] = [
    {
      from: 'draft',
      to: 'processing',
      by: 'worker',
      message: /cannot become processing\. From "draft" it can only become "waiting for payment" or "queued"/,
    },
    { from: 'draft', to: 'completed', by: 'operator', message: /cannot become completed/ },
    { from: 'pending_payment', to: 'processing', by: 'worker', message: /cannot become processing/ },
    { from: 'queued', to: 'completed', by: 'worker', message: /cannot become completed/ },
    {
      from: 'queued',
      to: 'processing',
      by: 'owner',
      message: /Only the server can move a photoshoot from queued to processing/,
    },
    { from: 'review', to: 'completed', by: 'owner', message: /Only an operator or the server can/ },
    { from: 'failed', to: 'queued', by: 'owner', message: /Only an operator can/ },
    { from: 'completed', to: 'draft', by: 'operator', message: /cannot become draft/ },
    { from: 'pending_payment', to: 'refunded', by: 'operator', message: /cannot become refunded/ },
    { from: 'review', to: 'refunded', by: 'owner', message: /Only an operator or the server can/ },
    {
      from: 'refunded',
      to: 'queued',
      by: 'operator',
      message: /^A photoshoot that is refunded cannot become queued\.$/,
    },
    { from: 'draft', to: 'draft', by: 'owner', message: /already draft/ },
    { from: 'draft', to: 'shipped', by: 'operator', message: /"shipped" is not a photoshoot status/ },
  ];
  for (const r of refusals) {
    it(`refuses ${r.from} → ${r.to} by the ${r.by} with a reason, changing nothing`, async () => {
      const id = await inState(r.from);
      const before = await eventsOf(id);
      const actor = { owner, operator, worker }[r.by];
      const err = await refusedWith(transition(t.app, id, r.to, actor, 'try'));
      expect(err.status).toBe(400);
      expect(err.message).toMatch(r.message);
      expect((err.data.status as { code: string }).code).toBe('validation_invalid_transition');
      expect((await load(id)).status).toBe(r.from);
      expect(await eventsOf(id)).toEqual(before);
    });
  }

  it('answers 404 for a photoshoot that does not exist', async () => {
    const err = await refusedWith(transition(t.app, 'nosuchshoot0000', 'queued', operator, 'x'));
    expect(err.status).toBe(404);
  });

  it("commits with the caller's transaction, or not at all", async () => {
    const id = await create();
    await expect(
      t.app.db.transaction(async (tx) => {
        await transition(t.app, id, 'pending_payment', owner, 'checkout', tx);
        throw new Error('the payment row could not be written');
      }),
    ).rejects.toThrow(/payment row/);
    expect((await load(id)).status).toBe('draft');
    expect(await eventsOf(id)).toEqual(['∅→draft by user']);
  });

  it("publishes record events only once the caller's transaction has committed", async () => {
    const id = await create();
    const seen: RecordEvent[] = [];
    const off = t.app.events.onAny((e) => seen.push(e));
    const later: (() => void)[] = [];
    await t.app.db.transaction((tx) =>
      transition(t.app, id, 'pending_payment', owner, 'checkout', tx, (fn) => later.push(fn)),
    );
    expect(seen).toEqual([]);
    later.forEach((fn) => fn());
    off();
    expect(seen.map((e) => `${e.action} ${e.collection.name}`)).toEqual([
      'update photoshoots',
      'create photoshoot_events',
    ]);
  });

  it('lets exactly one of many concurrent moves through', async () => {
    const id = await create();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => transition(t.app, id, 'pending_payment', owner, 'checkout')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === 'rejected')
        expect((o.reason as ApiError).message).toMatch(/already waiting for payment/);
    }
    expect(await eventsOf(id)).toEqual(['∅→draft by user', 'draft→pending_payment by user']);
  });

  it('releases the approved results when the photoshoot is completed, and only those', async () => {
    const id = await inState('review');
    const made: Record<string, string> = {};
    let variant = 0;
    for (const review of ['approved', 'pending', 'rejected']) {
      made[review] = String(
        (await w.put('results', { photoshoot: id, user: w.ids.owner, variant: variant++, review })).id,
      );
    }
    const before = await w.clients.owner
      .collection('results')
      .getFullList({ filter: `photoshoot = "${id}"` });
    expect(before).toEqual([]);
    await transition(t.app, id, 'completed', operator, 'released');
    const after = await w.clients.owner.collection('results').getFullList({ filter: `photoshoot = "${id}"` });
    expect(after.map((r) => r.id)).toEqual([made.approved]);
  });

  it('never lets the owner move a photoshoot through the records API', async () => {
    const id = await create();
    const err = await failure(w.clients.owner.collection('photoshoots').update(id, { status: 'queued' }));
    expect(err.status).toBe(400);
    expect(err.response.data.status.code).toBe('validation_readonly');
    expect((await load(id)).status).toBe('draft');
  });

  it("logs a superuser's direct status edit like any other move", async () => {
    const id = await create();
    await w.clients.superuser.collection('photoshoots').update(id, { status: 'failed' });
    expect(await eventsOf(id)).toEqual(['∅→draft by user', 'draft→failed by superuser']);
  });

  it("shows the owner the log of their photoshoot, without operators' ids", async () => {
    const id = await create();
    await transition(t.app, id, 'queued', owner, 'free photoshoot');
    await transition(t.app, id, 'processing', worker, 'claimed');
    const log = await w.clients.owner
      .collection('photoshoot_events')
      .getFullList({ filter: `photoshoot = "${id}"`, sort: 'created' });
    expect(log.map((e) => [e.fromStatus, e.toStatus, e.actorKind, e.reason])).toEqual([
      ['', 'draft', 'user', 'created'],
      ['draft', 'queued', 'user', 'free photoshoot'],
      ['queued', 'processing', 'system', 'claimed'],
    ]);
    expect(log.every((e) => !('actorId' in e))).toBe(true);
    const asOperator = await w.clients.superuser
      .collection('photoshoot_events')
      .getFullList({ filter: `photoshoot = "${id}"`, sort: 'created' });
    expect(asOperator[2]!.actorId).toBe('worker-1');
    for (const role of ['other', 'member', 'admin', 'guest'] as const) {
      const seen = await w.clients[role]
        .collection('photoshoot_events')
        .getFullList({ filter: `photoshoot = "${id}"` });
      expect(seen, role).toEqual([]);
    }
  });
});

/**
 * The owner's redo (`POST /api/photoshoots/{id}/redo`): only delivered results of their own
 * completed photoshoot, within the free allowance (`photoshoots.freeRedos`); the flagged results
 * are regenerated on the same rows and come back through review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import {
  buildScene,
  mailsTo,
  redo,
  release,
  review,
  shootInReview,
  workerRedoes,
  type Scene,
} from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('photoshoot redo (%s)', (engine) => {
  let t: TestServer;
  let s: Scene;

  beforeAll(async () => {
    t = await startServer({ engine });
    s = await buildScene(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const load = (id: string) => s.su.collection('photoshoots').getOne(id);

  it('redoes the chosen results once for free, then refuses with a sentence', async () => {
    expect(t.app.settings.get().photoshoots.freeRedos).toBe(1);
    const shoot = await shootInReview(s, { perStyle: 2, title: 'Redo me' });
    await release(s, shoot);
    const [a, b] = shoot.results;
    const fileBefore = (await s.su.collection('results').getOne(a!)).file;

    const asked = await redo(s.owner.pb, shoot.id, [a, b, a]);
    expect(asked).toMatchObject({ id: shoot.id, status: 'queued', redoCount: 1 });
    expect(asked).not.toHaveProperty('leaseOwner');
    const flagged = await s.su
      .collection('results')
      .getFullList({ filter: `photoshoot = '${shoot.id}' && regenerate = true` });
    expect(flagged.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect(flagged.every((r) => r.redoRequested)).toBe(true);
    const log = await s.owner.pb
      .collection('photoshoot_events')
      .getFullList({ filter: `photoshoot = '${shoot.id}'`, sort: 'created' });
    expect(log.at(-1)).toMatchObject({ fromStatus: 'completed', toStatus: 'queued', actorKind: 'user' });

    // While the redo runs, another one is refused.
    const busy = await failure(redo(s.owner.pb, shoot.id, [a]));
    expect(busy.status).toBe(400);
    expect(busy.response.data.results.code).toBe('validation_not_completed');

    // The worker redoes exactly those rows (same ids, new files); review and release again.
    const before = (await mailsTo(s, s.owner.email)).length;
    expect((await workerRedoes(s, shoot)).sort()).toEqual([a, b].sort());
    await review(s.su, shoot.id, { approve: [a, b], release: true });
    const after = await s.owner.pb
      .collection('results')
      .getFullList({ filter: `photoshoot = '${shoot.id}'` });
    expect(after).toHaveLength(4);
    expect(after.find((r) => r.id === a)?.file).not.toBe(fileBefore);
    expect(after.every((r) => r.released && !r.redoRequested)).toBe(true);
    const mails = (await mailsTo(s, s.owner.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['Your redone portraits are ready']);
    // The last free round is spent: the mail no longer invites another redo.
    expect(mails[0]!.text).not.toContain('ask for a redo');
    expect(mails[0]!.text).toContain('Your free redo round is used');

    // The free round is used up.
    const over = await failure(redo(s.owner.pb, shoot.id, [a]));
    expect(over.status).toBe(400);
    expect(over.message).toBe(
      'You have used your free redo for this photoshoot. Please contact support if a photo is still not right.',
    );
    expect(over.response.data.results).toMatchObject({
      code: 'validation_redo_limit',
      params: { used: 1, free: 1 },
    });
    expect((await load(shoot.id)).status).toBe('completed');
  });

  it('follows the freeRedos setting; an operator may grant a redo beyond it', async () => {
    await s.su.settings.update({ photoshoots: { freeRedos: 0 } });
    try {
      const shoot = await shootInReview(s, { perStyle: 1 });
      await release(s, shoot);
      const none = await failure(redo(s.owner.pb, shoot.id, [shoot.results[0]]));
      expect(none.status).toBe(400);
      expect(none.message).toMatch(/Redos are not included/);
      const granted = await redo(s.su, shoot.id, [shoot.results[0]]);
      expect(granted).toMatchObject({ status: 'queued', redoCount: 1 });
      const log = await s.su
        .collection('photoshoot_events')
        .getFullList({ filter: `photoshoot = '${shoot.id}'`, sort: 'created' });
      expect(log.at(-1)).toMatchObject({ toStatus: 'queued', actorKind: 'superuser' });
    } finally {
      await s.su.settings.update({ photoshoots: { freeRedos: 1 } });
    }
  });

  it('takes only delivered results of this photoshoot, and needs at least one', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const [a, b] = shoot.results;
    await review(s.su, shoot.id, { approve: [a], reject: [{ id: b, reason: 'blur' }], release: true });
    const elsewhere = await shootInReview(s, { perStyle: 1 });
    await release(s, elsewhere);

    for (const [ids, code] of [
      [[], 'validation_required'],
      [[b], 'validation_unknown_results'], // rejected: never delivered
      [[a, elsewhere.results[0]], 'validation_unknown_results'],
    ] as const) {
      const err = await failure(redo(s.owner.pb, shoot.id, ids));
      expect(err.status, JSON.stringify(ids)).toBe(400);
      expect(err.response.data.results.code, JSON.stringify(ids)).toBe(code);
    }
    for (const bad of ['a', [1], [{ id: a }], null]) {
      const err = await failure(redo(s.owner.pb, shoot.id, bad));
      expect(err.status, JSON.stringify(bad)).toBe(400);
      expect(err.response.data.results, JSON.stringify(bad)).toBeDefined();
    }
    const unknown = await failure(redo(s.owner.pb, shoot.id, [b]));
    expect(unknown.response.data.results.params.ids).toEqual([b]);
    expect((await load(shoot.id)).status).toBe('completed');
    expect((await load(shoot.id)).redoCount).toBe(0);
  });

  it('keeps the owner’s reason per portrait for the review of the redone one, bounded in length', async () => {
    const shoot = await shootInReview(s, { perStyle: 2, title: 'Say why' });
    await release(s, shoot);
    const [a, b] = shoot.results;

    for (const reasons of [{ [a!]: 'x'.repeat(501) }, { [b!]: 'not chosen' }, ['why'], { [a!]: 5 }]) {
      const err = await failure(redo(s.owner.pb, shoot.id, [a], reasons));
      expect(err.status, JSON.stringify(reasons).slice(0, 60)).toBe(400);
      expect(err.response.data.reasons.code).toMatch(/^validation_/);
    }
    const long = await failure(redo(s.owner.pb, shoot.id, [a], { [a!]: 'x'.repeat(501) }));
    expect(long.response.data.reasons).toMatchObject({
      code: 'validation_max_text_constraint',
      message: 'A reason can be at most 500 characters long.',
      params: { max: 500 },
    });
    expect((await load(shoot.id)).status).toBe('completed');

    await redo(s.owner.pb, shoot.id, [a, b], { [a!]: '  My eyes look closed.  ', [b!]: ' ' });
    await workerRedoes(s, shoot);
    // The operator reviewing the redone portraits reads what was asked, and why.
    const redone = await s.su.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` });
    const byId = new Map(redone.map((r) => [r.id, r]));
    expect(byId.get(a!)).toMatchObject({ redoReason: 'My eyes look closed.', review: 'pending' });
    expect(byId.get(b!)).toMatchObject({ redoReason: '' });
    expect(byId.get(a!)!.redoAskedAt).not.toBe('');
    expect(byId.get(b!)!.redoAskedAt).not.toBe('');
  });

  it('is the owner’s alone: guests 401, other users and team admins 404', async () => {
    const shoot = await shootInReview(s, { perStyle: 1, team: true });
    await release(s, shoot);
    expect((await failure(redo(t.client(), shoot.id, [shoot.results[0]]))).status).toBe(401);
    expect((await failure(redo(s.other.pb, shoot.id, [shoot.results[0]]))).status).toBe(404);
    expect((await failure(redo(s.teamAdmin.pb, shoot.id, [shoot.results[0]]))).status).toBe(404);
    expect((await failure(redo(s.owner.pb, 'nosuchphotoshoot', [shoot.results[0]]))).status).toBe(404);
    expect((await load(shoot.id)).status).toBe('completed');
  });

  it('refuses before delivery and after the originals were deleted', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const early = await failure(redo(s.owner.pb, shoot.id, [shoot.results[0]]));
    expect(early.status).toBe(400);
    expect(early.message).toMatch(/once the photos have been delivered/);

    await release(s, shoot);
    for (const id of shoot.originals) await s.su.collection('original_photos').delete(id);
    const gone = await failure(redo(s.owner.pb, shoot.id, [shoot.results[0]]));
    expect(gone.status).toBe(400);
    expect(gone.response.data.results.code).toBe('validation_originals_deleted');
  });
});

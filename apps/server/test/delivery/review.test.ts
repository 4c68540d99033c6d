/**
 * The operator review (`POST /api/admin/photoshoots/{id}/review`): verdicts, regeneration of
 * rejected results, release to the owner with the "your portraits are ready" mail, and every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { buildScene, mailsTo, redo, review, shootInReview, workerRedoes, type Scene } from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('photoshoot review (%s)', (engine) => {
  let t: TestServer;
  let s: Scene;

  beforeAll(async () => {
    t = await startServer({ engine });
    s = await buildScene(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const status = async (id: string) => (await s.su.collection('photoshoots').getOne(id)).status;

  it('is for superusers only', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const body = { approve: shoot.results, release: true };
    expect((await failure(review(t.client(), shoot.id, body))).status).toBe(401);
    expect((await failure(review(s.owner.pb, shoot.id, body))).status).toBe(403);
    expect((await failure(review(s.su, 'nosuchphotoshoot', body))).status).toBe(404);
    expect(await status(shoot.id)).toBe('review');
  });

  it('refuses malformed, contradictory and empty requests with field details', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const [a, b] = shoot.results;
    const cases: [Record<string, unknown>, string][] = [
      [{ approve: 'all' }, 'approve'],
      [{ approve: [a, 42] }, 'approve'],
      [{ reject: [a] }, 'reject'],
      [{ reject: [{ id: a, reason: 7 }] }, 'reject'],
      [{ reject: [{ id: a, reason: 'x'.repeat(501) }] }, 'reject'],
      [{ release: 'yes' }, 'release'],
      [{ approve: [a], reject: [{ id: a, reason: 'blurry' }] }, 'reject'],
      [{ reject: [{ id: b }], regenerate: true, release: true }, 'release'],
    ];
    for (const [body, field] of cases) {
      const err = await failure(review(s.su, shoot.id, body));
      expect(err.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(err.response.data), JSON.stringify(body)).toContain(field);
    }
    const empty = await failure(review(s.su, shoot.id, {}));
    expect(empty.status).toBe(400);
    expect(empty.message).toMatch(/nothing to do/i);
    // Nothing changed on the way.
    const rows = await s.su.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` });
    expect(rows.map((r) => r.review)).toEqual(['pending', 'pending']);
  });

  it('refuses ids that are not results of this photoshoot, naming them', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const elsewhere = await shootInReview(s, { perStyle: 1 });
    const err = await failure(review(s.su, shoot.id, { approve: [shoot.results[0], elsewhere.results[0]] }));
    expect(err.status).toBe(400);
    expect(err.response.data.approve.code).toBe('validation_unknown_results');
    expect(err.response.data.approve.params.ids).toEqual([elsewhere.results[0]]);
    const rej = await failure(review(s.su, shoot.id, { reject: [{ id: 'abcdefghijklmno', reason: 'x' }] }));
    expect(rej.response.data.reject.params.ids).toEqual(['abcdefghijklmno']);
    // The valid half of the request was not applied either.
    expect((await s.su.collection('results').getOne(shoot.results[0])).review).toBe('pending');
  });

  it('releases only when every result has a verdict and at least one is approved', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const [a, b] = shoot.results;
    const pending = await failure(review(s.su, shoot.id, { approve: [a], release: true }));
    expect(pending.status).toBe(400);
    expect(pending.message).toMatch(/1 result still awaits a verdict/);
    expect(pending.response.data.release.code).toBe('validation_results_pending');
    // The refused release rolled the approval back with it.
    expect((await s.su.collection('results').getOne(a)).review).toBe('pending');

    const none = await failure(
      review(s.su, shoot.id, {
        reject: [
          { id: a, reason: 'eyes closed' },
          { id: b, reason: 'eyes closed' },
        ],
        release: true,
      }),
    );
    expect(none.status).toBe(400);
    expect(none.response.data.release.code).toBe('validation_nothing_approved');
    expect(await status(shoot.id)).toBe('review');

    const regen = await failure(review(s.su, shoot.id, { approve: [a, b], regenerate: true }));
    expect(regen.status).toBe(400);
    expect(regen.response.data.regenerate.code).toBe('validation_nothing_rejected');
  });

  it('approves, rejects with a reason, regenerates, then releases the approved results to the owner', async () => {
    const shoot = await shootInReview(s, { perStyle: 2, title: 'Board portraits' });
    const [a, b, c, d] = shoot.results;
    const before = (await mailsTo(s, s.owner.email)).length;

    // Before release, the owner sees nothing.
    expect(
      await s.owner.pb.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` }),
    ).toEqual([]);

    const first = await review(s.su, shoot.id, {
      approve: [a, b, c],
      reject: [{ id: d, reason: 'Harsh shadow on the left cheek' }],
      regenerate: true,
    });
    expect(first.photoshoot.status).toBe('queued');
    const byId = new Map((first.results as Record<string, any>[]).map((r) => [r.id, r]));
    expect(byId.get(d)).toMatchObject({
      review: 'rejected',
      reviewNote: 'Harsh shadow on the left cheek',
      regenerate: true,
    });
    expect(byId.get(a)).toMatchObject({ review: 'approved', regenerate: false, released: false });
    // The transition log says who did what.
    const log = await s.su
      .collection('photoshoot_events')
      .getFullList({ filter: `photoshoot = '${shoot.id}'`, sort: 'created' });
    expect(log.at(-1)).toMatchObject({ fromStatus: 'review', toStatus: 'queued', actorKind: 'superuser' });
    // Regeneration is not a delivery: no mail yet.
    expect((await mailsTo(s, s.owner.email)).length).toBe(before);

    const redone = await workerRedoes(s, shoot);
    expect(redone).toEqual([d]);
    const second = await review(s.su, shoot.id, { approve: [d], release: true });
    expect(second.photoshoot.status).toBe('completed');
    expect(second.photoshoot.releasedAt).not.toBe('');
    expect(
      (second.results as Record<string, any>[]).every((r) => r.released && r.review === 'approved'),
    ).toBe(true);
    expect((second.results as Record<string, any>[]).find((r) => r.id === d)?.reviewNote).toBe('');

    const seen = await s.owner.pb.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` });
    expect(seen.map((r) => r.id).sort()).toEqual([a, b, c, d].sort());
    expect(seen[0]).not.toHaveProperty('regenerate');
    expect(
      await s.other.pb.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` }),
    ).toEqual([]);

    const mails = (await mailsTo(s, s.owner.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your portraits are ready');
    expect(mails[0]!.text).toContain('"Board portraits"');
    // The first delivery says portraits, as the app does, and offers the free redo round.
    expect(mails[0]!.text).toContain('4 portraits from');
    expect(mails[0]!.text).toContain('ask for a redo if one is not right');
    expect(mails[0]!.text).toContain(`${t.app.settings.get().meta.appURL}/photoshoot/${shoot.id}/results`);

    // Later edits of the delivered photoshoot do not announce it again.
    await s.su.collection('photoshoots').update(shoot.id, { title: 'Board portraits 2025' });
    await s.owner.pb.collection('photoshoots').update(shoot.id, { rating: 5 });
    expect((await mailsTo(s, s.owner.email)).slice(before)).toHaveLength(1);

    const again = await failure(review(s.su, shoot.id, { approve: [a] }));
    expect(again.status).toBe(400);
    expect(again.message).toMatch(/only be reviewed while the photoshoot is in review/);
  });

  it('keeps rejected results from the owner when releasing the approved ones', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const [a, b] = shoot.results;
    await review(s.su, shoot.id, {
      approve: [a],
      reject: [{ id: b, reason: 'not a likeness' }],
      release: true,
    });
    const seen = await s.owner.pb.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` });
    expect(seen.map((r) => r.id)).toEqual([a]);
    expect(await status(shoot.id)).toBe('completed');
  });

  it('withdraws a result delivered in an earlier round when it is rejected in a later one', async () => {
    const shoot = await shootInReview(s, { perStyle: 1 });
    const [a, b] = shoot.results;
    await review(s.su, shoot.id, { approve: [a, b], release: true });
    await redo(s.owner.pb, shoot.id, [a]);
    await workerRedoes(s, shoot);
    const visible = async () =>
      (await s.owner.pb.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` })).map(
        (r) => r.id,
      );
    expect(await visible()).toEqual([b]);
    await review(s.su, shoot.id, {
      approve: [a],
      reject: [{ id: b, reason: 'on second look, blurred' }],
      release: true,
    });
    expect(await visible()).toEqual([a]);
  });

  it('sends the ready mail when the worker completes a photoshoot with review switched off', async () => {
    const shoot = await shootInReview(s, { perStyle: 1, title: 'No review' });
    await review(s.su, shoot.id, { reject: [{ id: shoot.results[0]!, reason: 'x' }], regenerate: true });
    const before = (await mailsTo(s, s.owner.email)).length;
    await workerRedoes(s, shoot, false);
    // The worker went straight to completed, which released its approved results.
    expect(await status(shoot.id)).toBe('completed');
    const mails = (await mailsTo(s, s.owner.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['Your portraits are ready']);
    expect(mails[0]!.text).toContain('"No review"');
  });
});

/**
 * Likeness through the real job runner on each engine: the studio engine's portraits of the
 * committed astronaut pass; a provider that returns someone else, or no one, gets its results held
 * back (rejected with a note, never released unless an operator approves them), after one retry
 * with another seed when a whole style fails; without a reference face nothing is held back.
 * Reference embeddings are what the upload checks' own analysis stores for the uploaded photo.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFaceThreads } from '../../src/modules/analysis/face-threads.js';
import { RETRY_SEED_SALT } from '../../src/modules/processing/likeness/second-chance.js';
import type { RecordData } from '../../src/core/records/codec.js';
import { engines, imageWorkOn, startServer, type TestServer } from '../support/harness.js';
import { photoshoot, queuedShoot, resultsOf, runner, testSettings } from '../processing/support.js';
import {
  anotherPerson,
  astronautEmbedding,
  giveEmbedding,
  ImageProvider,
  nobody,
  samePerson,
  type Pick,
} from './support.js';

const NOTE = /^Held back automatically: likeness 0\.\d{2,3} is below 0\.50?\d?( \(no face found\))?\./;

describe.each(engines)('likeness of results (%s)', (engine) => {
  let t: TestServer;
  let reference: number[];
  let images: { same: Buffer; other: Buffer; none: Buffer };

  beforeAll(async () => {
    t = await startServer({ engine });
    reference = await astronautEmbedding();
    images = { same: await samePerson(), other: await anotherPerson(), none: await nobody() };
  });
  afterAll(async () => {
    await closeFaceThreads();
    await t.close();
  });

  /** A queued shoot whose accepted photos carry the upload checks' embedding (unless `bare`). */
  async function shoot(opts: { styles?: number; images?: number; bare?: boolean } = {}) {
    const s = await queuedShoot(t, { styles: opts.styles ?? 1, images: opts.images ?? 1 });
    if (!opts.bare) await giveEmbedding(t, s.photos, reference);
    return s;
  }

  async function run(provider?: ImageProvider): Promise<void> {
    const r = runner(t, provider ? { provider } : {});
    try {
      expect(await r.runOnce()).toBe(true);
    } finally {
      await r.stop();
    }
  }

  function provider(pick: (variant: number) => keyof typeof images): ImageProvider {
    const p: Pick = (variant) => images[pick(variant)];
    return new ImageProvider(p);
  }

  async function owner(userId: string): Promise<PocketBase> {
    const user = (await t.app.records.findById(t.app.registry.require('users'), userId))!;
    const pb = t.client();
    await pb.collection('users').authWithPassword(String(user.email), 'user-password-1');
    return pb;
  }

  async function review(id: string, body: Record<string, unknown>) {
    const su = await t.superuser();
    return su.send(`/api/admin/photoshoots/${id}/review`, { method: 'POST', body });
  }

  const byVariant = (rows: RecordData[]) => new Map(rows.map((r) => [Number(r.variant), r]));

  // Two studio renders scored by the face model: image work, on one engine (see imageWorkOn); the
  // scores' path into the results rows is the same in the provider cases below, on every engine.
  if (imageWorkOn(engine))
    it("scores the studio engine's astronaut portraits at or above the threshold", async () => {
      await testSettings(t, { reviewRequired: true });
      const s = await shoot({ styles: 2 });
      await run();
      expect((await photoshoot(t, s.id)).status).toBe('review');
      const results = await resultsOf(t, s.id);
      expect(results).toHaveLength(2);
      const threshold = t.app.settings.get().processing.likenessThreshold;
      for (const r of results) {
        expect(r.likeness).toBeGreaterThanOrEqual(threshold);
        expect(r.likeness).toBeLessThanOrEqual(1);
        expect([r.review, r.reviewNote]).toEqual(['pending', '']);
        expect((r.params as { likeness: unknown }).likeness).toMatchObject({ score: r.likeness, faces: 1 });
      }
    }, 240_000);

  it("holds back someone else's face and keeps it from the owner after release", async () => {
    await testSettings(t, { reviewRequired: true });
    const s = await shoot({ images: 2 });
    const p = provider((v) => (v === 0 ? 'same' : 'other'));
    await run(p);
    // One of the style's two results passed, so there is no retry.
    expect(p.requests.map((r) => r.seed)).toEqual([`${s.id}:${s.styles[0]}`, `${s.id}:${s.styles[0]}`]);
    const rows = byVariant(await resultsOf(t, s.id));
    const good = rows.get(0)!;
    const held = rows.get(1)!;
    expect(good).toMatchObject({ review: 'pending', reviewNote: '' });
    expect(good.likeness).toBeGreaterThanOrEqual(0.5);
    expect(held.review).toBe('rejected');
    expect(held.likeness).toBeGreaterThan(0);
    expect(held.likeness).toBeLessThan(0.5);
    expect(held.reviewNote).toMatch(NOTE);
    expect(held.reviewNote).not.toContain('no face');

    await review(s.id, { approve: [good.id], release: true });
    expect((await photoshoot(t, s.id)).status).toBe('completed');
    const pb = await owner(s.user);
    const seen = await pb.collection('results').getFullList({ filter: `photoshoot = '${s.id}'` });
    expect(seen.map((r) => r.id)).toEqual([good.id]);
    const hidden = await pb
      .collection('results')
      .getOne(String(held.id))
      .catch((e: unknown) => e);
    expect((hidden as ClientResponseError).status).toBe(404);
  }, 120_000);

  it('retries a style once with another seed when all of it is held back; an operator may still approve', async () => {
    await testSettings(t, { reviewRequired: true });
    const s = await shoot();
    const p = provider(() => 'other');
    await run(p);
    const seed = `${s.id}:${s.styles[0]}`;
    expect(p.requests.map((r) => r.seed)).toEqual([seed, `${seed}:${RETRY_SEED_SALT}`]);
    const [held] = await resultsOf(t, s.id);
    expect(held).toMatchObject({ review: 'rejected', released: false });
    expect(held!.reviewNote).toMatch(NOTE);
    expect(held!.reviewNote).toContain('Regenerated once with another seed; still below.');
    expect((held!.params as { likeness: unknown }).likeness).toMatchObject({ retried: true, heldBack: true });
    expect((await photoshoot(t, s.id)).status).toBe('review');

    // The operator judges it good enough after all: an explicit approval overrides the hold.
    const out = await review(s.id, { approve: [held!.id], release: true });
    expect(out.photoshoot.status).toBe('completed');
    const pb = await owner(s.user);
    const seen = await pb.collection('results').getOne(String(held!.id));
    expect([seen.review, seen.released, seen.reviewNote]).toEqual(['approved', true, '']);
  }, 120_000);

  it('scores an image without a face 0 and holds it back; with review off it goes to an operator', async () => {
    await testSettings(t);
    const s = await shoot();
    const p = provider(() => 'none');
    await run(p);
    expect(p.requests).toHaveLength(2);
    const [held] = await resultsOf(t, s.id);
    expect(held).toMatchObject({ likeness: 0, review: 'rejected', released: false });
    expect(held!.reviewNote).toMatch(NOTE);
    expect(held!.reviewNote).toContain('(no face found)');
    expect((held!.params as { likeness: unknown }).likeness).toMatchObject({ faces: 0, score: 0 });
    // Nothing could be delivered: review (not an empty "ready" mail).
    const ps = await photoshoot(t, s.id);
    expect([ps.status, ps.stage]).toEqual(['review', 'Awaiting review']);
    const log = await t.app.db.all<{ reason: string }>(
      `SELECT "reason" FROM "photoshoot_events" WHERE "photoshoot" = ? AND "toStatus" = 'review'`,
      [s.id],
    );
    expect(log.map((e) => e.reason)).toEqual(['every result was held back by the likeness check']);
  }, 120_000);

  it('with review off, delivers the likenesses and never approves or releases the held-back ones', async () => {
    await testSettings(t);
    const s = await shoot({ images: 2 });
    await run(provider((v) => (v === 0 ? 'same' : 'other')));
    expect((await photoshoot(t, s.id)).status).toBe('completed');
    const rows = byVariant(await resultsOf(t, s.id));
    expect(rows.get(0)).toMatchObject({ review: 'approved', released: true });
    expect(rows.get(1)).toMatchObject({ review: 'rejected', released: false });
    const pb = await owner(s.user);
    const seen = await pb.collection('results').getFullList({ filter: `photoshoot = '${s.id}'` });
    expect(seen.map((r) => r.id)).toEqual([rows.get(0)!.id]);
  }, 120_000);

  it('without a reference face (upload checks off) scores nothing and holds nothing back', async () => {
    await testSettings(t);
    const s = await shoot({ bare: true });
    const p = provider(() => 'other');
    await run(p);
    expect(p.requests).toHaveLength(1);
    expect((await photoshoot(t, s.id)).status).toBe('completed');
    const [r] = await resultsOf(t, s.id);
    expect(r).toMatchObject({ likeness: 0, review: 'approved', released: true, reviewNote: '' });
    expect((r!.params as { likeness: { skipped: string } }).likeness.skipped).toMatch(/^not scored/);
  }, 120_000);
});

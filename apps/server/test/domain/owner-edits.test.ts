/**
 * What an owner may change depends on the photoshoot's state: the order (styles, package,
 * profile) only in `draft`, the title (a name) in any state, the verdict (rating, review comment; results' favourite, rating and
 * redo flag) only in `completed`. Refusals are 400s that say why, with the field named.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { systemActor } from '../../src/core/records/actor.js';
import { buildWorld, type World } from './support.js';
import { failure, statusOf } from '../support/errors.js';

describe.each(engines)('owner edits by state (%s)', (engine) => {
  let t: TestServer;
  let w: World;
  const system = systemActor('test');

  beforeAll(async () => {
    t = await startServer({ engine });
    w = await buildWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shoots = () => w.clients.owner.collection('photoshoots');
  const pkg = async (slug: string) =>
    String((await t.app.records.findOneBy(t.app.registry.require('packages'), { slug }))!.id);
  const styleId = async (slug: string) =>
    String((await t.app.records.findOneBy(t.app.registry.require('styles'), { slug }))!.id);
  const draft = async (extra: Record<string, unknown> = {}) =>
    (await shoots().create({ user: w.ids.owner, title: 'Mine', ...extra })).id;

  it('lets the owner shape a draft: styles, package, title, profile', async () => {
    const id = await draft();
    const profile = await w.clients.owner
      .collection('profiles')
      .create({ user: w.ids.owner, name: 'Me', gender: 'female', glasses: true });
    const styles = [await styleId('warm-office'), await styleId('outdoor-bokeh')];
    const saved = await shoots().update(id, {
      styles,
      package: await pkg('professional'),
      title: 'LinkedIn',
      profile: profile.id,
    });
    expect(saved).toMatchObject({ styles, title: 'LinkedIn', profile: profile.id, status: 'draft' });
  });

  it("refuses someone else's profile, an inactive package and a team package", async () => {
    const id = await draft();
    const theirs = await w.clients.other.collection('profiles').create({ user: w.ids.other, name: 'Them' });
    expect(await statusOf(shoots().update(id, { profile: theirs.id }))).toBe(404);
    const old = await w.put('packages', {
      name: 'Old',
      slug: 'old-one',
      kind: 'individual',
      priceCents: 1,
      currency: 'usd',
      stylesIncluded: 1,
      imagesPerStyle: 1,
    });
    expect(await statusOf(shoots().update(id, { package: old.id }))).toBe(404);
    expect(await statusOf(shoots().update(id, { package: await pkg('team-5') }))).toBe(404);
    expect(await statusOf(shoots().create({ user: w.ids.owner, package: await pkg('team-5') }))).toBe(400);
  });

  it('refuses styles that are inactive or belong to another team', async () => {
    const id = await draft();
    const inactive = await w.put('styles', {
      name: 'Gone',
      slug: 'gone',
      category: 'classic',
      framing: 'headshot',
      aspect: '1:1',
      active: false,
    });
    const err = await failure(shoots().update(id, { styles: [String(inactive.id)] }));
    expect(err.status).toBe(400);
    expect(err.response.data.styles.code).toBe('validation_style_unavailable');
    expect(err.response.message).toMatch(/no longer available/);
    expect(await statusOf(shoots().update(id, { styles: [w.teamStyle] }))).toBe(400);
    expect(await statusOf(shoots().create({ user: w.ids.owner, styles: [w.teamStyle] }))).toBe(400);
  });

  it("keeps a team photoshoot to the team's styles once the team picked them", async () => {
    const id = await draft({ team: w.team });
    expect((await shoots().update(id, { styles: [w.teamStyle, w.publicStyle] })).styles).toEqual([
      w.teamStyle,
      w.publicStyle,
    ]);
    await w.clients.superuser.collection('teams').update(w.team, { styles: [w.publicStyle] });
    try {
      const other = await styleId('creative-colour');
      const err = await failure(shoots().update(id, { styles: [other] }));
      expect(err.response.message).toBe("Please pick among your team's styles.");
      expect((await shoots().update(id, { styles: [w.publicStyle, w.teamStyle] })).styles).toHaveLength(2);
    } finally {
      await w.clients.superuser.collection('teams').update(w.team, { styles: [] });
    }
  });

  it('freezes the order once checkout has started', async () => {
    const id = await draft({ styles: [w.publicStyle] });
    await transition(t.app, id, 'pending_payment', { kind: 'user', id: w.ids.owner }, 'checkout');
    for (const change of [{ styles: [] }, { package: await pkg('starter') }]) {
      const err = await failure(shoots().update(id, change));
      const field = Object.keys(change)[0]!;
      expect(err.status, field).toBe(400);
      expect(err.response.message).toBe(
        'The styles, package and profile can only be changed while the photoshoot is a draft.',
      );
      expect(err.response.data[field].code).toBe('validation_photoshoot_not_draft');
    }
    // Sending back what is stored is not a change (a form resubmitting every field); the title is
    // only a name and may change.
    expect((await shoots().update(id, { title: 'Mine', styles: [w.publicStyle] })).title).toBe('Mine');
  });

  it('takes a rating and a review only once completed', async () => {
    const id = await draft();
    const err = await failure(shoots().update(id, { rating: 5 }));
    expect(err.status).toBe(400);
    expect(err.response.data.rating.code).toBe('validation_photoshoot_not_completed');
    for (const to of ['queued', 'processing', 'completed']) await transition(t.app, id, to, system, 'test');
    const rated = await shoots().update(id, { rating: 5, reviewComment: 'Great!' });
    expect(rated).toMatchObject({ rating: 5, reviewComment: 'Great!' });
    expect(await statusOf(shoots().update(id, { rating: 6 }))).toBe(400);
    // Renaming a delivered photoshoot is fine: the title names the downloads.
    expect((await shoots().update(id, { title: 'Jane Doe' })).title).toBe('Jane Doe');
  });

  it('lets the owner mark released results only while the photoshoot is completed', async () => {
    const id = await draft();
    for (const to of ['queued', 'processing', 'completed']) await transition(t.app, id, to, system, 'test');
    const result = await w.put('results', {
      photoshoot: id,
      user: w.ids.owner,
      variant: 1,
      review: 'approved',
      released: true,
    });
    const results = w.clients.owner.collection('results');
    expect(
      await results.update(String(result.id), { favorite: true, rating: 4, redoRequested: true }),
    ).toMatchObject({
      favorite: true,
      rating: 4,
      redoRequested: true,
    });
    await transition(t.app, id, 'queued', { kind: 'user', id: w.ids.owner }, 'redo');
    const err = await failure(results.update(String(result.id), { favorite: false }));
    expect(err.status).toBe(400);
    expect(err.response.data.favorite.code).toBe('validation_photoshoot_not_completed');
    expect(
      await statusOf(w.clients.admin.collection('results').update(String(result.id), { favorite: false })),
    ).toBe(404);
  });

  it('lets the owner delete a draft, and nothing after checkout', async () => {
    const gone = await draft();
    expect(await statusOf(shoots().delete(gone))).toBe(200);
    const kept = await draft();
    await transition(t.app, kept, 'pending_payment', { kind: 'user', id: w.ids.owner }, 'checkout');
    expect(await statusOf(shoots().delete(kept))).toBe(404);
    expect(await t.app.records.findById(t.app.registry.require('photoshoots'), kept)).not.toBeNull();
  });

  it("never rolls back what the server wrote meanwhile with an owner's stale edit", async () => {
    const id = await draft();
    const collection = t.app.registry.require('photoshoots');
    const stale = (await t.app.records.findById(collection, id))!;
    // The worker (or checkout) writes after the owner's request has read the record.
    await t.app.db.run(
      `UPDATE "photoshoots" SET "stage" = 'uploading checks', "progress" = 40 WHERE "id" = ?`,
      [id],
    );
    const original = t.app.records.findById.bind(t.app.records);
    let served = false;
    const spy = vi.spyOn(t.app.records, 'findById').mockImplementation(async (c, rid, db) => {
      if (c.name !== 'photoshoots' || rid !== id || served) return original(c, rid, db);
      served = true;
      return stale;
    });
    await shoots().update(id, { title: 'Edited' });
    spy.mockRestore();
    expect(served).toBe(true);
    const stored = (await t.app.records.findById(collection, id))!;
    expect(stored).toMatchObject({ title: 'Edited', stage: 'uploading checks', progress: 40 });
  });

  it('refuses a new draft whose owner is someone else', async () => {
    expect(await statusOf(w.clients.other.collection('photoshoots').create({ user: w.ids.owner }))).toBe(400);
    expect(await statusOf(w.clients.guest.collection('photoshoots').create({ user: w.ids.owner }))).toBe(400);
  });
});

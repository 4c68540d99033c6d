/**
 * The whole order, end to end through the official SDK: a customer signs up, uploads selfies that the
 * real upload checks accept, pays for the cheapest individual package in the sandbox checkout;
 * the job runner renders the photoshoot with the offline studio engine while the customer watches
 * the progress over realtime; an operator reviews (one result rejected and regenerated) and
 * releases; the customer gets the ready mail, downloads the zip and checks every photo in it, then
 * asks for one photo to be redone and gets only that one back new.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../src/modules/processing/job-runner.js';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { verdictWatcher } from '../analysis/support/verdicts.js';
import { unzip } from '../delivery/support.js';
import { checkout, quote, sandboxComplete, verify } from '../payments/support/world.js';
import { astronautSelfies, resultFile, watchPhotoshoot } from './support.js';

const IMAGES_PER_STYLE = 2;
const STYLES = 2;
// Each render is a full-resolution studio image on a shared machine: generous, but finite.
const RUN_MS = 240_000;

type Outbox = { items: { to: string; subject: string; text: string }[] };

describe.each(engines)('paid photoshoot to delivered zip (%s)', (engine) => {
  let t: TestServer;
  let runner: JobRunner | undefined;

  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  /** Mails to `to` with `subject`, waiting (bounded) for the notice to go out. */
  async function mailsTo(admin: PocketBase, to: string, subject: string, n: number) {
    const end = Date.now() + 20_000;
    for (;;) {
      const outbox = await admin.send<Outbox>('/api/mail/outbox', { query: { perPage: 500 } });
      const found = outbox.items.filter((m) => m.to === to && m.subject === subject);
      if (found.length >= n || Date.now() > end) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const review = (admin: PocketBase, id: string, body: Record<string, unknown>) =>
    admin.send<{ photoshoot: RecordModel; results: RecordModel[] }>(`/api/admin/photoshoots/${id}/review`, {
      method: 'POST',
      body,
    });

  it('takes a paid photoshoot through the studio, review, release, download and a redo', async () => {
    const admin = await t.superuser();
    const settings = await admin.settings.getAll();
    // The defaults this flow is about: real upload checks, the offline studio, operator review.
    expect(settings.processing).toMatchObject({
      uploadChecks: true,
      provider: 'studio',
      reviewRequired: true,
    });
    const threshold = Number(settings.processing.likenessThreshold);
    expect(threshold).toBeGreaterThan(0);
    await admin.settings.update({ processing: { retryBaseSeconds: 0 } });
    // The seeded packages make 10+ portraits per style; a cheaper one keeps the renders few.
    const mini = await admin.collection('packages').create({
      name: 'E2E Mini',
      slug: 'e2e-mini',
      kind: 'individual',
      priceCents: 900,
      currency: 'usd',
      stylesIncluded: STYLES,
      imagesPerStyle: IMAGES_PER_STYLE,
      active: true,
      sortOrder: 1,
    });

    // --- The customer: sign-up, draft, uploads checked for real.
    const pb = t.client();
    const email = `e2e_${Date.now()}@example.com`;
    const user = await pb
      .collection('users')
      .create({ email, password: 'e2e-password-1', passwordConfirm: 'e2e-password-1', name: 'Ada' });
    await pb.collection('users').authWithPassword(email, 'e2e-password-1');
    const shoot = await pb.collection('photoshoots').create({ user: user.id, title: 'Astronaut portraits' });
    expect(shoot.status).toBe('draft');

    const verdicts = await verdictWatcher(pb, user.id);
    try {
      for (const selfie of await astronautSelfies()) {
        const v = await verdicts.upload(shoot.id, selfie, 120_000);
        // The 512 px sample's face is small for a close-up: a note on an accepted photo, nothing else.
        const codes = ((v.qcReasons ?? []) as { code: string }[]).map((r) => r.code);
        expect(codes, selfie.name).toEqual(codes.length ? ['small_for_close_ups'] : []);
        expect(v.qc, selfie.name).toBe('accepted');
        expect(v.faceCount, selfie.name).toBe(1);
      }
    } finally {
      await verdicts.stop();
    }

    // --- Styles, the cheapest individual package, quote, sandbox checkout, verify.
    const styles = await pb
      .collection('styles')
      .getList(1, STYLES, { filter: `active = true && team = ''`, sort: 'sortOrder,slug' });
    expect(styles.items).toHaveLength(STYLES);
    const packages = await pb
      .collection('packages')
      .getFullList({ filter: `kind = 'individual'`, sort: 'priceCents' });
    const cheapest = packages[0]!;
    expect(cheapest.id).toBe(mini.id);
    await pb
      .collection('photoshoots')
      .update(shoot.id, { styles: styles.items.map((s) => s.id), package: cheapest.id });

    const q = await quote(pb, shoot.id, { package: cheapest.id });
    expect(q).toMatchObject({ priceCents: 900, discountCents: 0, amountDueCents: 900, currency: 'usd' });
    const started = await checkout(pb, shoot.id, { package: cheapest.id });
    expect(started.url).toMatch(new RegExp(`/sandbox/checkout/${started.payment.id}$`));
    expect((await pb.collection('photoshoots').getOne(shoot.id)).status).toBe('pending_payment');
    await sandboxComplete(pb, started.payment.id, 'paid');
    expect(await verify(pb, started.payment.id)).toMatchObject({ status: 'paid', amountCents: 900 });
    expect((await pb.collection('photoshoots').getOne(shoot.id)).status).toBe('queued');

    // --- The worker renders it while the customer watches the progress.
    const watch = await watchPhotoshoot(pb, shoot.id);
    try {
      runner = new JobRunner(t.app, { concurrency: 1, pollMs: 200 }).start();
      // The move to review is announced already at 100%: no event carries a state never stored.
      const inReview = await watch.until('review', 0, RUN_MS);
      const run = watch.events.slice(0, inReview + 1);
      expect(run.some((e) => e.status === 'processing')).toBe(true);
      const progress = run.map((e) => e.progress);
      expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(1);
      for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
      expect(run.at(-1)).toMatchObject({ status: 'review', progress: 100 });
      expect((await admin.collection('photoshoots').getOne(shoot.id)).attempts).toBe(1);

      // --- The operator: every result is there and looks like the customer.
      const list = () =>
        admin.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'`, sort: 'variant' });
      const made = await list();
      expect(made).toHaveLength(IMAGES_PER_STYLE * STYLES);
      expect(made.map((r) => `${r.style}:${r.variant}`).sort()).toEqual(
        styles.items.flatMap((s) => [...Array(IMAGES_PER_STYLE).keys()].map((v) => `${s.id}:${v}`)).sort(),
      );
      for (const r of made) {
        expect(r.review, r.id).toBe('pending');
        expect(r.released).toBe(false);
        expect(r.likeness, r.id).toBeGreaterThanOrEqual(threshold);
      }
      // Nothing is the customer's to see before release.
      expect(await pb.collection('results').getFullList({ filter: `photoshoot = '${shoot.id}'` })).toEqual(
        [],
      );

      const [redoneByOperator, ...approved] = made;
      const rejectedBytes = await resultFile(admin, redoneByOperator!);
      const first = await review(admin, shoot.id, {
        approve: approved.map((r) => r.id),
        reject: [{ id: redoneByOperator!.id, reason: 'The collar is cut off' }],
        regenerate: true,
      });
      expect(first.photoshoot.status).toBe('queued');
      expect(first.results.find((r) => r.id === redoneByOperator!.id)).toMatchObject({
        review: 'rejected',
        reviewNote: 'The collar is cut off',
      });

      const mark = watch.events.length;
      const again = await watch.until('review', mark, RUN_MS);
      expect(watch.events.slice(mark, again).some((e) => e.status === 'processing')).toBe(true);
      const afterRegen = await list();
      const byId = new Map(made.map((r) => [r.id, r]));
      for (const r of afterRegen) {
        const before = byId.get(r.id)!;
        if (r.id === redoneByOperator!.id) {
          expect(r.file).not.toBe(before.file);
          // Made again means a new picture, not the same pixels under a new name.
          expect((await resultFile(admin, r)).equals(rejectedBytes)).toBe(false);
          expect(r).toMatchObject({ review: 'pending', reviewNote: '', released: false });
          expect(r.likeness).toBeGreaterThanOrEqual(threshold);
        } else {
          expect(r.file).toBe(before.file);
          expect(r.review).toBe('approved');
        }
      }
      const released = await review(admin, shoot.id, { approve: [redoneByOperator!.id], release: true });
      expect(released.photoshoot.status).toBe('completed');

      // --- The customer: exactly the package's results, the ready mail, the zip.
      const mine = await pb
        .collection('results')
        .getFullList({ filter: `photoshoot = '${shoot.id}'`, sort: 'variant' });
      expect(mine).toHaveLength(IMAGES_PER_STYLE * STYLES);
      expect(mine.every((r) => r.released === true && r.review === 'approved')).toBe(true);
      expect((await pb.collection('photoshoots').getOne(shoot.id)).status).toBe('completed');

      const ready = await mailsTo(admin, email, 'Your portraits are ready', 1);
      expect(ready).toHaveLength(1);
      expect(ready[0]!.text).toContain(`${settings.meta.appURL}/photoshoot/${shoot.id}/results`);
      expect(ready[0]!.text).toContain('"Astronaut portraits"');

      const download = async () => {
        const token = await pb.files.getToken();
        const res = await fetch(
          `${t.url}/api/photoshoots/${shoot.id}/download?token=${encodeURIComponent(token)}`,
        );
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/zip');
        return unzip(Buffer.from(await res.arrayBuffer()));
      };
      const entries = await download();
      // `<Title>_<Style-Name>_<nn>.jpg`, n from 1 in variant order, styles in the order chosen.
      const words = (text: string) => text.replace(/ /g, '-');
      const entryName = (styleName: string, n: number) =>
        `Astronaut-portraits_${words(styleName)}_${String(n).padStart(2, '0')}.jpg`;
      const nameOf = (r: RecordModel) =>
        entryName(styles.items.find((s) => s.id === r.style)!.name, Number(r.variant) + 1);
      const expectedNames = styles.items.flatMap((s) =>
        [...Array(IMAGES_PER_STYLE).keys()].map((v) => entryName(s.name, v + 1)),
      );
      expect(entries.map((e) => e.name)).toEqual(expectedNames);
      const zipped = new Map(entries.map((e) => [e.name, e.data]));
      for (const r of mine) {
        const data = zipped.get(nameOf(r))!;
        expect(data.subarray(0, 3).toString('hex')).toBe('ffd8ff');
        const meta = await sharp(data).metadata();
        expect(meta.format).toBe('jpeg');
        expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(2048);
        expect([meta.width, meta.height]).toEqual([r.width, r.height]);
        expect(data.equals(await resultFile(pb, r)), nameOf(r)).toBe(true);
      }

      // --- The customer asks for one photo to be redone; only that one comes back new.
      const unhappy = mine[mine.length - 1]!;
      const asked = await pb.send<RecordModel>(`/api/photoshoots/${shoot.id}/redo`, {
        method: 'POST',
        body: { results: [unhappy.id] },
      });
      expect(asked).toMatchObject({ status: 'queued', redoCount: 1 });
      const redoMark = watch.events.length;
      await watch.until('review', redoMark, RUN_MS);
      const afterRedo = await list();
      const delivered = new Map(mine.map((r) => [r.id, r]));
      expect(afterRedo).toHaveLength(IMAGES_PER_STYLE * STYLES);
      for (const r of afterRedo) {
        if (r.id === unhappy.id) {
          expect(r.file).not.toBe(delivered.get(r.id)!.file);
          expect(r).toMatchObject({ review: 'pending', released: false, redoRequested: false });
        } else {
          expect(r.file, r.id).toBe(delivered.get(r.id)!.file);
          expect(r).toMatchObject({ review: 'approved', released: true });
        }
      }
      const redelivered = await review(admin, shoot.id, { approve: [unhappy.id], release: true });
      expect(redelivered.photoshoot.status).toBe('completed');
      expect(await mailsTo(admin, email, 'Your redone portraits are ready', 1)).toHaveLength(1);
      const newFile = await resultFile(pb, await pb.collection('results').getOne(unhappy.id));
      const second = new Map((await download()).map((e) => [e.name, e.data]));
      expect([...second.keys()]).toEqual(expectedNames);
      expect(second.get(nameOf(unhappy))!.equals(newFile)).toBe(true);
      expect(second.get(nameOf(unhappy))!.equals(zipped.get(nameOf(unhappy))!)).toBe(false);
      for (const r of mine.filter((m) => m.id !== unhappy.id))
        expect(second.get(nameOf(r))!.equals(zipped.get(nameOf(r))!)).toBe(true);
    } finally {
      await watch.stop();
      await runner?.stop();
      runner = undefined;
    }
  }, 900_000);
});

/**
 * Helpers for the job runner tests: queued photoshoots made the way an operator would (through
 * the record service as a superuser), with real photos (the public-domain astronaut portrait,
 * scaled) marked accepted, and a runner whose studio threads can load the TypeScript sources.
 */
import sharp from 'sharp';
import { systemActor } from '../../src/core/records/actor.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import type { RecordData } from '../../src/core/records/codec.js';
import { JobRunner, type JobRunnerOptions } from '../../src/modules/processing/job-runner.js';
import { nowString } from '../../src/tools/dates.js';
import { randomString } from '../../src/tools/random.js';
import type { TestServer } from '../support/harness.js';
import { put } from '../support/records.js';
import { recordOf, type RecordOf } from '../../src/modules/record-of.js';

export const ASTRONAUT = new URL('../../assets/samples/astronaut.png', import.meta.url);

const photoCache = new Map<number, Buffer>();

/** The astronaut portrait as a JPEG `side` pixels square (lanczos, like a phone photo would be). */
export async function astronautJpeg(side: number): Promise<Buffer> {
  let b = photoCache.get(side);
  if (!b) {
    b = await sharp(ASTRONAUT.pathname)
      .resize(side, side, { kernel: 'lanczos3' })
      .jpeg({ quality: 92 })
      .toBuffer();
    photoCache.set(side, b);
  }
  return b;
}

/** Settings for fast, review-free test runs (each test may override). */
export async function testSettings(t: TestServer, processing: Record<string, unknown> = {}): Promise<void> {
  await t.app.settings.patch({
    processing: {
      uploadChecks: false,
      reviewRequired: false,
      leaseSeconds: 3,
      retryBaseSeconds: 0,
      maxAttempts: 3,
      ...processing,
    },
  });
}

export type QueuedShoot = { id: string; user: string; styles: string[]; photos: string[] };

/** A queued photoshoot of a new user with `photos` accepted photos, `styles` styles, `images` per style. */
export async function queuedShoot(
  t: TestServer,
  opts: {
    styles?: number;
    images?: number;
    photos?: number;
    isTest?: boolean;
    side?: number;
    team?: string;
    /** Profile fields: the shoot gets a profile of the new user (hosted providers read it). */
    profile?: Record<string, unknown>;
  } = {},
): Promise<QueuedShoot> {
  const user = await put(t, 'users', {
    email: `u_${randomString(8, 'abcdefghij')}@example.com`,
    password: 'user-password-1',
    passwordConfirm: 'user-password-1',
  });
  const pkg = await put(t, 'packages', {
    name: 'Test package',
    slug: `test-${randomString(8, 'abcdefghij')}`,
    kind: 'individual',
    currency: 'usd',
    stylesIncluded: 6,
    imagesPerStyle: opts.images ?? 1,
    active: false,
  });
  const styleRows = await t.app.db.all<{ id: string }>(
    `SELECT "id" FROM "styles" WHERE "team" = '' ORDER BY "sortOrder" LIMIT ?`,
    [opts.styles ?? 1],
  );
  const styles = styleRows.map((r) => r.id);
  const profile = opts.profile ? await put(t, 'profiles', { user: user.id, ...opts.profile }) : undefined;
  const shoot = await put(t, 'photoshoots', {
    user: user.id,
    ...(profile ? { profile: profile.id } : {}),
    team: opts.team ?? '',
    package: pkg.id,
    styles,
    isTest: opts.isTest ?? true,
    status: 'draft',
  });
  const photos: string[] = [];
  const jpeg = await astronautJpeg(opts.side ?? 512);
  for (let i = 0; i < (opts.photos ?? 1); i++) {
    const p = await put(
      t,
      'original_photos',
      {
        photoshoot: shoot.id,
        user: user.id,
        qc: 'accepted',
        width: opts.side ?? 512,
        height: opts.side ?? 512,
      },
      jpeg,
    );
    photos.push(String(p.id));
  }
  // Straight to the queue, as a fully discounted order goes.
  await transition(t.app, String(shoot.id), 'queued', systemActor('test'), 'free order');
  return { id: String(shoot.id), user: String(user.id), styles, photos };
}

export async function photoshoot(t: TestServer, id: string): Promise<RecordOf<'photoshoots'>> {
  return recordOf('photoshoots', (await t.app.records.findById(t.app.registry.require('photoshoots'), id))!);
}

export async function resultsOf(t: TestServer, id: string): Promise<RecordData[]> {
  const rows = await t.app.db.all<{ id: string }>(
    `SELECT "id" FROM "results" WHERE "photoshoot" = ? ORDER BY "style", "variant"`,
    [id],
  );
  const c = t.app.registry.require('results');
  return Promise.all(rows.map(async (r) => (await t.app.records.findById(c, r.id))!));
}

export function runner(t: TestServer, opts: Partial<JobRunnerOptions> = {}): JobRunner {
  return new JobRunner(t.app, { concurrency: 1, pollMs: 100, ...opts });
}

/** Polls `check` until it returns a value (not undefined/false) or `ms` pass. */
export async function until<T>(
  check: () => Promise<T | undefined | false>,
  ms = 60_000,
  step = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, step));
  }
}

export const now = nowString;

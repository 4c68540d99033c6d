/**
 * A server on one engine wired to the three provider fakes (through AppOptions.providerApis,
 * as production would use the real base URLs), queued photoshoots made the way an operator
 * would, and a job runner started explicitly, as the job-runner tests do.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { systemActor } from '../../../src/modules/photoshoots/actor.js';
import { transition } from '../../../src/modules/photoshoots/lifecycle.js';
import { JobRunner } from '../../../src/modules/processing/job-runner.js';
import { systemCaller } from '../../../src/core/records/caller.js';
import type { RecordData } from '../../../src/core/records/codec.js';
import { randomString } from '../../../src/tools/random.js';
import { startServer, type Engine, type TestServer } from '../../support/harness.js';
import { ASTRIA_KEY, FakeAstria } from './fake-astria.js';
import { FAL_KEY, FakeFal } from './fake-fal.js';
import { FakeReplicate, REPLICATE_TOKEN } from './fake-replicate.js';

export type World = {
  t: TestServer;
  fal: FakeFal;
  replicate: FakeReplicate;
  astria: FakeAstria;
  close(): Promise<void>;
};

export async function startWorld(engine: Engine): Promise<World> {
  const [fal, replicate, astria] = await Promise.all([
    new FakeFal().start(),
    new FakeReplicate().start(),
    new FakeAstria().start(),
  ]);
  const t = await startServer({ engine });
  t.app.options.providerApis = { fal: fal.url, replicate: replicate.url, astria: astria.url };
  await t.app.settings.patch({
    meta: { appURL: t.url },
    processing: {
      uploadChecks: false,
      reviewRequired: false,
      leaseSeconds: 30,
      retryBaseSeconds: 0,
      maxAttempts: 2,
      hostedPollSeconds: 1,
      fal: { apiKey: FAL_KEY },
      replicate: {
        apiToken: REPLICATE_TOKEN,
        trainerVersion: `ostris/flux-dev-lora-trainer:${'e4'.repeat(32)}`,
        destination: 'acme/subjects',
      },
      astria: { apiKey: ASTRIA_KEY, branch: 'fast' },
    },
  });
  return {
    t,
    fal,
    replicate,
    astria,
    async close() {
      await t.close();
      await Promise.all([fal.stop(), replicate.stop(), astria.stop()]);
    },
  };
}

function su(t: TestServer) {
  return systemCaller(t.app.registry.require('_superusers'));
}

async function put(
  t: TestServer,
  collection: string,
  values: Record<string, unknown>,
  file?: Buffer,
): Promise<RecordData> {
  const dir = mkdtempSync(join(tmpdir(), 'ps-hosted-'));
  try {
    const path = join(dir, 'photo.jpg');
    if (file) writeFileSync(path, file);
    const files = file
      ? [{ key: 'file', filename: 'photo.jpg', path, size: file.length, oversize: false }]
      : undefined;
    return (await t.app.records.create(t.app.registry.require(collection), su(t), values, { files })).data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let selfie: Buffer | null = null;

/** A queued photoshoot with a profile, `photos` accepted selfies and one style, one image each. */
export async function queuedShoot(t: TestServer, opts: { photos?: number; styles?: number } = {}) {
  selfie ??= await sharp(new URL('../../../assets/samples/astronaut.png', import.meta.url).pathname)
    .resize(384, 384)
    .jpeg({ quality: 90 })
    .toBuffer();
  const tag = randomString(8, 'abcdefghij');
  const user = await put(t, 'users', {
    email: `h_${tag}@example.com`,
    password: 'user-password-1',
    passwordConfirm: 'user-password-1',
  });
  const profile = await put(t, 'profiles', {
    user: user.id,
    name: 'Me',
    gender: 'female',
    ageRange: '35-44',
    hair: 'short brown',
    glasses: true,
  });
  const pkg = await put(t, 'packages', {
    name: 'Hosted',
    slug: `hosted-${tag}`,
    kind: 'individual',
    currency: 'usd',
    stylesIncluded: 6,
    imagesPerStyle: 1,
    active: false,
  });
  const styles = (
    await t.app.db.all<{ id: string }>(
      `SELECT "id" FROM "styles" WHERE "team" = '' ORDER BY "sortOrder" LIMIT ?`,
      [opts.styles ?? 1],
    )
  ).map((r) => r.id);
  const shoot = await put(t, 'photoshoots', {
    user: user.id,
    profile: profile.id,
    package: pkg.id,
    styles,
    isTest: false,
    status: 'draft',
  });
  for (let i = 0; i < (opts.photos ?? 2); i++)
    await put(
      t,
      'original_photos',
      { photoshoot: shoot.id, user: user.id, qc: 'accepted', width: 384, height: 384 },
      selfie,
    );
  await transition(t.app, String(shoot.id), 'queued', systemActor('test'), 'free order');
  return { id: String(shoot.id), user: String(user.id), styles };
}

export async function useProvider(t: TestServer, provider: 'fal' | 'replicate' | 'astria'): Promise<void> {
  await t.app.settings.patch({ processing: { provider } });
}

export async function photoshoot(t: TestServer, id: string): Promise<RecordData> {
  return (await t.app.records.findById(t.app.registry.require('photoshoots'), id))!;
}

export async function resultsOf(t: TestServer, id: string): Promise<RecordData[]> {
  const rows = await t.app.db.all<{ id: string }>(
    `SELECT "id" FROM "results" WHERE "photoshoot" = ? ORDER BY "style", "variant"`,
    [id],
  );
  const c = t.app.registry.require('results');
  return Promise.all(rows.map(async (r) => (await t.app.records.findById(c, r.id))!));
}

export async function externalJobs(t: TestServer, photoshoot: string) {
  return t.app.db.all<{
    id: string;
    kind: string;
    state: string;
    deliveries: number;
    externalId: string;
    token: string;
  }>(
    `SELECT "id", "kind", "state", "deliveries", "externalId", "token" FROM "_external_jobs" WHERE "photoshoot" = ? ORDER BY "created", "id"`,
    [photoshoot],
  );
}

/** Runs the queue until `id` leaves it for good (completed, review or failed), at most `ms`. */
export async function runUntilSettled(t: TestServer, id: string, ms = 90_000): Promise<RecordData> {
  const runner = new JobRunner(t.app, { concurrency: 1, pollMs: 100 });
  const end = Date.now() + ms;
  try {
    for (;;) {
      await runner.runOnce();
      const ps = await photoshoot(t, id);
      if (['completed', 'review', 'failed'].includes(String(ps.status))) return ps;
      if (Date.now() > end) throw new Error(`photoshoot still ${String(ps.status)}: ${String(ps.error)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await runner.stop(1000);
  }
}

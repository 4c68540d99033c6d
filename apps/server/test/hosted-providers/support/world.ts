/**
 * A server on one engine wired to the three provider fakes (through AppOptions.providerApis,
 * as production would use the real base URLs), queued photoshoots made the way an operator
 * would, and a job runner started explicitly, as the job-runner tests do.
 */
import { JobRunner } from '../../../src/modules/processing/job-runner.js';
import type { RecordData } from '../../../src/core/records/codec.js';
import { startServer, type Engine, type TestServer } from '../../support/harness.js';
import { photoshoot, queuedShoot as queuedShootOf } from '../../processing/support.js';
import { ASTRIA_KEY, FakeAstria } from './fake-astria.js';
import { hostedApi } from '../../../src/modules/hosted-providers/hosted-apis.js';
import type { AstriaApi } from '../../../src/modules/hosted-providers/astria/astria-api.js';
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
  // Astria asks for a minute between an unanswered submission and its retry; tests retry at once.
  (hostedApi(t.app, 'astria') as AstriaApi).resubmitWaitMs = 0;
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
      astria: { apiKey: ASTRIA_KEY },
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

/** A queued photoshoot with a profile, `photos` accepted selfies and one style, one image each. */
export async function queuedShoot(t: TestServer, opts: { photos?: number; styles?: number } = {}) {
  const shoot = await queuedShootOf(t, {
    photos: opts.photos ?? 2,
    styles: opts.styles ?? 1,
    isTest: false,
    side: 384,
    profile: { name: 'Me', gender: 'female', ageRange: '35-44', hair: 'short brown', glasses: true },
  });
  return { id: shoot.id, user: shoot.user, styles: shoot.styles };
}

export async function useProvider(t: TestServer, provider: 'fal' | 'replicate' | 'astria'): Promise<void> {
  await t.app.settings.patch({ processing: { provider } });
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

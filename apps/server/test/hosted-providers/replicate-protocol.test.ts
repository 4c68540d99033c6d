/**
 * Replicate as its documentation and official clients describe it (see the fake's header),
 * through the real job runner on each engine: `aborted` ends an attempt at once; a 402 holds the
 * jobs (no failure, no attempt spent), alerts the operators once and lets the jobs resume when
 * credit is back; a 429 is waited out as its Retry-After says; a submission whose answer was
 * lost is found again instead of paid twice; a token alone trains with the pinned trainer into a
 * destination created for it; "test connection" says whether real portraits can be made.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { failure } from '../support/errors.js';
import { JobRunner } from '../../src/modules/processing/job-runner.js';
import { HELD_STAGE } from '../../src/modules/processing/provider-alerts.js';
import { DEFAULT_REPLICATE_TRAINER } from '../../src/modules/hosted-providers/replicate/replicate-api.js';
import { parseDate } from '../../src/tools/dates.js';
import { photoshoot } from '../processing/support.js';
import { CONFIGURED_TRAINER } from './support/fake-replicate.js';
import {
  externalJobs,
  queuedShoot,
  runUntilSettled,
  startWorld,
  useProvider,
  type World,
} from './support/world.js';

type Overview = { providerAlerts: Array<{ provider: string; kind: string; message: string }> };

describe.each(engines)('Replicate as documented (%s)', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(engine);
    await useProvider(w.t, 'replicate');
  });
  afterAll(() => w.close());
  beforeEach(async () => {
    w.replicate.reset();
    await w.t.app.settings.patch({
      processing: { replicate: { trainerVersion: CONFIGURED_TRAINER, destination: 'acme/subjects' } },
    });
  });

  /** Claims and runs what is claimable now, once per call; true when a job was run. */
  async function runOnce(): Promise<boolean> {
    const runner = new JobRunner(w.t.app, { concurrency: 1, pollMs: 100 });
    try {
      return await runner.runOnce();
    } finally {
      await runner.stop(1000);
    }
  }
  const secondsAhead = (date: unknown) => ((parseDate(String(date))?.getTime() ?? 0) - Date.now()) / 1000;
  const jobsOf = (kind: 'train' | 'generate') =>
    [...w.replicate.jobs.values()].filter((j) => j.kind === kind).length;

  it('fails the attempt at once when Replicate reports "aborted", taking its webhook', async () => {
    w.replicate.reset({ failure: 'job', failOn: 'generate', callbacks: 'once', pollsUntilDone: 1_000_000 });
    w.replicate.failStatus = 'aborted';
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect(ps.status).toBe('failed');
    expect(String(ps.error)).toBe('Failed after 2 attempts: replicate failed: aborted');
    const jobs = await externalJobs(w.t, shoot.id);
    expect(jobs.map((j) => [j.kind, j.state, j.deliveries])).toEqual([
      ['train', 'done', 1],
      ['generate', 'failed', 1],
      ['generate', 'failed', 1],
    ]);
  }, 120_000);

  it('holds jobs while the account is out of credit: none fails, one mail, a banner, resumed on test connection', async () => {
    const su = await w.t.superuser();
    const operators = await w.t.app.db.all<{ email: string }>(`SELECT "email" FROM "_superusers"`);
    w.replicate.outOfCredit = true;
    const a = await queuedShoot(w.t);
    const b = await queuedShoot(w.t);
    expect(await runOnce()).toBe(true);
    expect(await runOnce()).toBe(true);
    // Both are held: nothing is claimable until the recheck time.
    expect(await runOnce()).toBe(false);
    for (const id of [a.id, b.id]) {
      const ps = await photoshoot(w.t, id);
      expect([ps.status, ps.attempts, ps.stage, ps.error]).toEqual(['queued', 0, HELD_STAGE, '']);
      expect(secondsAhead(ps.leaseExpiresAt)).toBeGreaterThan(200);
    }
    expect(w.replicate.submissions.filter((s) => s.status === 402)).toHaveLength(2);
    const overview = await su.send<Overview>('/api/admin/overview', {});
    expect(overview.providerAlerts).toMatchObject([{ provider: 'Replicate', kind: 'out_of_credit' }]);
    expect(overview.providerAlerts[0]!.message).toContain('insufficient credit');
    const mails = () =>
      w.t.app.db.all<{ to: string }>(`SELECT "to" FROM "_mail_queue" WHERE "subject" = ? ORDER BY "to"`, [
        'Replicate is out of credit: photoshoots are waiting',
      ]);
    // One mail per operator for the episode, not one per job.
    expect((await mails()).map((m) => m.to)).toEqual(operators.map((o) => o.email).sort());

    w.replicate.outOfCredit = false;
    const answer = await su.send<{ message: string }>('/api/admin/processing/providers/replicate/test', {
      method: 'POST',
    });
    expect(answer.message).toContain('2 photoshoots waiting for the provider resumed.');
    for (const id of [a.id, b.id]) {
      const ps = await runUntilSettled(w.t, id);
      expect([ps.status, ps.attempts, ps.error]).toEqual(['completed', 1, '']);
    }
    expect((await su.send<Overview>('/api/admin/overview', {})).providerAlerts).toEqual([]);
    expect(await mails()).toHaveLength(operators.length);
  }, 180_000);

  it('waits out a 429 as long as Retry-After says, in seconds or as an HTTP date', async () => {
    // note: the date is written when the 429 is sent, as a server would, three seconds ahead.
    for (const retryAfter of ['2', () => new Date(Date.now() + 3000).toUTCString()]) {
      w.replicate.reset();
      w.replicate.throttle = { remaining: 1, retryAfter };
      const before = w.replicate.submissions.length;
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect([ps.status, ps.attempts]).toEqual(['completed', 1]);
      const made = w.replicate.submissions.slice(before);
      expect(made.map((s) => s.status)).toEqual([429, 201, 201]);
      expect(made[1]!.at - made[0]!.at).toBeGreaterThanOrEqual(1000);
    }
  }, 180_000);

  it('puts a job back until a long Retry-After has passed, without spending an attempt', async () => {
    w.replicate.throttle = { remaining: 5, retryAfter: '900' };
    const before = w.replicate.submissions.length;
    const shoot = await queuedShoot(w.t);
    expect(await runOnce()).toBe(true);
    expect(await runOnce()).toBe(false);
    const ps = await photoshoot(w.t, shoot.id);
    expect([ps.status, ps.attempts, ps.stage]).toEqual(['queued', 0, HELD_STAGE]);
    expect(secondsAhead(ps.leaseExpiresAt)).toBeGreaterThan(800);
    expect(secondsAhead(ps.leaseExpiresAt)).toBeLessThan(1000);
    // Asked once, refused once: no busy retry.
    expect(w.replicate.submissions.slice(before).map((s) => s.status)).toEqual([429]);
    w.replicate.reset();
    await w.t.app.db.run(`UPDATE "photoshoots" SET "leaseExpiresAt" = '' WHERE "id" = ?`, [shoot.id]);
    expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
  }, 120_000);

  it.each([
    ['train', 'never'],
    ['generate', 'never'],
    ['train', 'once'],
    ['generate', 'once'],
  ] as const)(
    'never pays twice when the answer to a %s submission is lost (504), callbacks: %s',
    async (kind, callbacks) => {
      // Without callbacks the job is found in Replicate's listing; with one, the callback names it first.
      w.replicate.reset({ callbacks });
      w.replicate.loseAnswers[kind] = 1;
      const created = jobsOf(kind);
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect([ps.status, ps.attempts]).toEqual(['completed', 2]);
      expect(jobsOf(kind) - created).toBe(1);
      const jobs = await externalJobs(w.t, shoot.id);
      expect(jobs.map((j) => [j.kind, j.state])).toEqual([
        ['train', 'done'],
        ['generate', 'done'],
      ]);
    },
    180_000,
  );

  it('makes portraits with only a token: the pinned trainer into a private destination made once', async () => {
    await w.t.app.settings.patch({ processing: { replicate: { trainerVersion: '', destination: '' } } });
    w.replicate.models.delete('acme/photoshoot-subjects');
    const creations = () => w.replicate.bodies.filter((b) => b.path === '/v1/models');
    const before = creations().length;
    for (let i = 0; i < 2; i++) {
      const shoot = await queuedShoot(w.t);
      expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
    }
    const made = creations().slice(before);
    expect(made.map((b) => b.json)).toMatchObject([
      { owner: 'acme', name: 'photoshoot-subjects', visibility: 'private', hardware: 'cpu' },
    ]);
    const [model, version] = DEFAULT_REPLICATE_TRAINER.split(':');
    const trainings = w.replicate.bodies.filter((b) => b.path.endsWith('/trainings')).slice(-2);
    expect(trainings.map((b) => [b.path, b.json.destination])).toEqual([
      [`/v1/models/${model}/versions/${version}/trainings`, 'acme/photoshoot-subjects'],
      [`/v1/models/${model}/versions/${version}/trainings`, 'acme/photoshoot-subjects'],
    ]);
  }, 180_000);

  it('says in words on "test connection" whether the configuration can make real portraits', async () => {
    const su = await w.t.superuser();
    const test = () =>
      su.send<{ message: string }>('/api/admin/processing/providers/replicate/test', { method: 'POST' });
    await w.t.app.settings.patch({ processing: { replicate: { trainerVersion: '', destination: '' } } });
    w.replicate.models.delete('acme/photoshoot-subjects');
    expect((await test()).message).toBe(
      `Replicate accepted the token (account acme). The trainer ${DEFAULT_REPLICATE_TRAINER} exists and this account can use it; ` +
        'the destination model acme/photoshoot-subjects does not exist yet and will be created (private) at the first training. ' +
        'This configuration can make real portraits.',
    );
    // A check reads; it creates nothing.
    expect(w.replicate.models.has('acme/photoshoot-subjects')).toBe(false);

    const gone = `ostris/flux-dev-lora-trainer:${'0d'.repeat(32)}`;
    await w.t.app.settings.patch({ processing: { replicate: { trainerVersion: gone } } });
    const deprecated = await failure(test());
    expect(deprecated.status).toBe(400);
    expect(deprecated.response.message).toContain(`The trainer ${gone} does not exist on Replicate`);
    expect(deprecated.response.message).toContain('no photoshoot can get real portraits');

    await w.t.app.settings.patch({
      processing: { replicate: { trainerVersion: '', destination: 'someone-else/models' } },
    });
    const foreign = await failure(test());
    expect(foreign.status).toBe(400);
    expect(foreign.response.message).toContain(
      'The destination model someone-else/models does not exist, and this token (account acme) cannot create it under someone-else',
    );
  }, 60_000);
});

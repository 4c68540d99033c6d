/**
 * The end-to-end scenarios every hosted adapter must pass, through the real job runner on each
 * engine against its provider's fake: webhook-driven success, the polling backstop when no
 * callback comes, a callback delivered twice, a job the provider fails (retried up to the cap),
 * a submission refused as bad input (failed at once), and a refund mid-job (cancelled there, also
 * while the submission is unanswered).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey } from '../../../src/core/files/storage.js';
import { engines } from '../../support/harness.js';
import type { FakeProviderServer } from './fake-common.js';
import { JobRunner } from '../../../src/modules/processing/job-runner.js';
import { systemActor } from '../../../src/core/records/actor.js';
import { transition } from '../../../src/modules/photoshoots/lifecycle.js';
import { until } from '../../processing/support.js';
import { externalJobs, queuedShoot, runUntilSettled, startWorld, useProvider, type World } from './world.js';
import { refundCancellationsKey } from '../../../src/modules/hosted-providers/cancel-on-refund.js';
import { photoshoot, resultsOf } from '../../processing/support.js';

type Name = 'fal' | 'replicate' | 'astria';

export function hostedScenarios(
  name: Name,
  inspect: { promptOf: (w: World) => string; providerLabel: string },
): void {
  describe.each(engines)(`${name} through the job runner (%s)`, (engine) => {
    let w: World;
    let fake: FakeProviderServer;
    beforeAll(async () => {
      w = await startWorld(engine);
      fake = w[name];
      await useProvider(w.t, name);
    });
    afterAll(() => w.close());

    it('completes from the webhooks alone, with JPEG results of at least 2048 px', async () => {
      // Polls never reveal the end: only the callbacks can finish this job.
      fake.reset({ pollsUntilDone: 1_000_000, callbacks: 'once' });
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect([ps.status, ps.error]).toEqual(['completed', '']);
      const results = await resultsOf(w.t, shoot.id);
      expect(results.map((r) => `${r.style}:${r.variant}`)).toEqual([`${shoot.styles[0]}:0`]);
      const c = w.t.app.registry.require('results');
      const bytes = await w.t.app.storage.readBuffer(
        fileKey(c.id, String(results[0]!.id), String(results[0]!.file)),
      );
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(2048);
      expect([meta.width, meta.height]).toEqual([results[0]!.width, results[0]!.height]);
      const jobs = await externalJobs(w.t, shoot.id);
      expect(jobs.map((j) => [j.kind, j.state, j.deliveries])).toEqual([
        ['train', 'done', 1],
        ['generate', 'done', 1],
      ]);
      // The prompt is the style's, filled in from the subject's profile.
      const prompt = inspect.promptOf(w);
      expect(prompt).toContain('ohwx woman');
      expect(prompt).toContain('35-44 years old');
      expect(prompt).toContain('wearing glasses');
      expect(prompt).not.toContain('{subject}');
    }, 120_000);

    it('finishes by polling when the provider never calls back', async () => {
      fake.reset({ pollsUntilDone: 2, callbacks: 'never' });
      const before = fake.deliveries.length;
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect([ps.status, ps.error]).toEqual(['completed', '']);
      expect(await resultsOf(w.t, shoot.id)).toHaveLength(1);
      expect(fake.deliveries.length).toBe(before);
      const jobs = await externalJobs(w.t, shoot.id);
      expect(jobs.map((j) => [j.kind, j.state, j.deliveries])).toEqual([
        ['train', 'done', 0],
        ['generate', 'done', 0],
      ]);
    }, 120_000);

    it('takes a callback delivered twice once: one result, the redelivery acknowledged', async () => {
      fake.reset({ pollsUntilDone: 1_000_000, callbacks: 'twice' });
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect(ps.status).toBe('completed');
      expect(await resultsOf(w.t, shoot.id)).toHaveLength(1);
      // note: the train job's second callback may come after the photoshoot completed; wait for
      // the fake to have delivered all it scheduled rather than for a length of time.
      await fake.idle();
      const jobs = await externalJobs(w.t, shoot.id);
      expect(jobs.map((j) => j.deliveries)).toEqual([2, 2]);
      const rowOf = (d: { job: string }) =>
        new URL(fake.jobs.get(d.job)!.callbackUrl).searchParams.get('job');
      const ours = new Set(jobs.map((j) => j.id));
      const mine = fake.deliveries.filter((d) => ours.has(rowOf(d) ?? ''));
      expect(mine.map((d) => d.status)).toEqual([200, 200, 200, 200]);
      // Exactly one delivery per job settled it; the other changed nothing.
      expect(mine.map((d) => JSON.parse(d.body).settled).filter(Boolean)).toHaveLength(2);
      expect(jobs.every((j) => j.state === 'done')).toBe(true);
    }, 120_000);

    it('fails the photoshoot with the provider reason after the retry cap', async () => {
      fake.reset({ callbacks: 'once', failure: 'job', failOn: 'generate' });
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect(ps.status).toBe('failed');
      expect(ps.attempts).toBe(2);
      expect(String(ps.error)).toMatch(/^Failed after 2 attempts: /);
      expect(String(ps.error)).toContain(`${name} failed: fake failure`);
      expect(await resultsOf(w.t, shoot.id)).toHaveLength(0);
      // The subject was trained once; each attempt submitted its own generation.
      const jobs = await externalJobs(w.t, shoot.id);
      expect(jobs.map((j) => [j.kind, j.state])).toEqual([
        ['train', 'done'],
        ['generate', 'failed'],
        ['generate', 'failed'],
      ]);
    }, 120_000);

    it('fails at once, without retrying, when the provider refuses the input (422)', async () => {
      fake.reset({ failure: 'submit422', failOn: 'train' });
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect(ps.status).toBe('failed');
      expect(ps.attempts).toBe(1);
      expect(String(ps.error)).toContain(`${inspect.providerLabel} answered 422`);
      expect(String(ps.error)).toContain('fake refusal');
    }, 60_000);

    it('cancels the jobs at the provider when the photoshoot is refunded mid-job, and lets it go', async () => {
      // The provider never finishes: only a cancellation ends its job.
      fake.reset({ pollsUntilDone: 1_000_000, callbacks: 'never' });
      const shoot = await queuedShoot(w.t);
      const runner = new JobRunner(w.t.app, { concurrency: 1, pollMs: 100 }).start();
      try {
        const started = await until(async () => {
          const jobs = await externalJobs(w.t, shoot.id);
          return jobs.find((j) => j.state === 'pending' && !j.externalId.startsWith('local:'));
        });
        // (Adapters may prefix the provider's ids, so the fake's jobs are counted, not looked up.)
        const cancelled = () => [...fake.jobs.values()].filter((j) => j.cancelled).length;
        const before = cancelled();

        await transition(w.t.app, shoot.id, 'refunded', systemActor('payments'), 'the payment was refunded');
        await w.t.app.service(refundCancellationsKey).idle();
        expect(cancelled()).toBe(before + 1);
        const after = await externalJobs(w.t, shoot.id);
        expect(after.find((j) => j.id === started.id)!.state).toBe('failed');
        expect(after.filter((j) => j.state === 'pending')).toEqual([]);
        // The worker lets go at its next heartbeat; nothing is written for the refunded photoshoot.
        await until(async () => !runner.active.includes(shoot.id) || undefined);
        expect((await photoshoot(w.t, shoot.id)).status).toBe('refunded');
        expect(await resultsOf(w.t, shoot.id)).toHaveLength(0);
        // A second refund event has nothing left to cancel.
        expect(await w.t.app.service(refundCancellationsKey).cancelFor(shoot.id)).toBe(0);
      } finally {
        await runner.stop(0);
      }
    }, 120_000);

    it('stops a job whose submission is still unanswered when the photoshoot is refunded', async () => {
      // The provider takes the training but its answer is held: the row has only its placeholder.
      fake.reset({ pollsUntilDone: 1_000_000, callbacks: 'never', holdAnswers: true });
      const shoot = await queuedShoot(w.t);
      const made = fake.jobs.size;
      const runner = new JobRunner(w.t.app, { concurrency: 1, pollMs: 100 }).start();
      try {
        await until(async () => fake.answersWaiting > 0 || undefined);
        const [job] = [...fake.jobs.values()].slice(made);
        const rows = await externalJobs(w.t, shoot.id);
        expect(rows.map((j) => [j.state, j.externalId.startsWith('local:')])).toEqual([['pending', true]]);

        await transition(w.t.app, shoot.id, 'refunded', systemActor('payments'), 'the payment was refunded');
        await w.t.app.service(refundCancellationsKey).idle();
        expect((await externalJobs(w.t, shoot.id)).map((j) => j.state)).toEqual(['failed']);
        // Stopped by the cancel if it could find the job, else by the submitter once answered.
        fake.passAnswers();
        await until(async () => job!.cancelled || undefined);
        await until(async () => !runner.active.includes(shoot.id) || undefined);
        expect([...fake.jobs.values()].slice(made).map((j) => j.cancelled)).toEqual([true]);
        const after = await externalJobs(w.t, shoot.id);
        expect(after.map((j) => j.state)).toEqual(['failed']);
        expect(after[0]!.externalId.startsWith('local:')).toBe(false);
        expect((await photoshoot(w.t, shoot.id)).status).toBe('refunded');
        expect(await resultsOf(w.t, shoot.id)).toHaveLength(0);
      } finally {
        await runner.stop(0);
        fake.passAnswers();
      }
    }, 120_000);

    it('retries a provider outage (5xx) and fails after the cap with its message', async () => {
      fake.reset({ failure: 'submit500', failOn: 'train' });
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect(ps.status).toBe('failed');
      expect(ps.attempts).toBe(2);
      expect(String(ps.error)).toContain(`${inspect.providerLabel} answered 500: fake outage`);
    }, 60_000);
  });
}

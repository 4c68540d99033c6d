/**
 * Several ComfyUI servers: a server that disappears mid-run is noticed and the run moves to
 * another one; a server that comes back is used again; with no server left the job fails in
 * words. Also a retried attempt resuming the run already under way (never queuing it twice), a
 * cancel (interrupt and queue delete), the auth header sent and never logged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { engines } from '../support/harness.js';
import { until } from '../processing/support.js';
import { externalJobs, queuedShoot, runUntilSettled } from '../hosted-providers/support/world.js';
import { ComfyuiProvider } from '../../src/modules/comfyui/comfyui-provider.js';
import type { StyleSpec } from '../../src/modules/processing/providers/types.js';
import { loadJobInputs } from '../../src/modules/processing/job-inputs.js';
import { astronautJpeg, photoshoot } from '../processing/support.js';
import { example, startComfyWorld, useServers, type ComfyWorld } from './support/world.js';
import { createJobRow, setExternalId } from '../../src/modules/hosted-providers/external-jobs.js';
import { ComfyClient } from '../../src/modules/comfyui/comfy-client.js';
import { refundCancellationsKey } from '../../src/modules/hosted-providers/cancel-on-refund.js';
import { JobRunner } from '../../src/modules/processing/job-runner.js';
import { systemActor } from '../../src/core/records/actor.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import type { FakeComfyUI } from './support/fake-comfyui.js';

describe.each(engines)('ComfyUI servers (%s)', (engine) => {
  let w: ComfyWorld;
  beforeAll(async () => {
    w = await startComfyWorld(engine);
  });
  afterAll(() => w?.close());
  beforeEach(async () => {
    for (const f of [w.a, w.b])
      f.mode = { hold: false, failRuns: false, hugeOutputBytes: 0, noSocket: false };
    for (const f of [w.a, w.b]) f.passSubmission();
    await w.t.app.settings.patch({ processing: { maxAttempts: 2 } });
    await useServers(w.t, w.a, w.b);
  });

  /** Takes a shoot driven by hand out of the queue, so later runner tests do not pick it up. */
  async function unqueue(id: string): Promise<void> {
    await w.t.app.db.run(`UPDATE "photoshoots" SET "status" = 'draft' WHERE "id" = ?`, [id]);
  }

  /** Waits until one of the fakes holds a run, and returns [that one, the other]. */
  async function holder(before: [number, number]): Promise<[FakeComfyUI, FakeComfyUI]> {
    return until(async () => {
      if (w.a.accepted.length > before[0]) return [w.a, w.b] as [FakeComfyUI, FakeComfyUI];
      if (w.b.accepted.length > before[1]) return [w.b, w.a] as [FakeComfyUI, FakeComfyUI];
      return undefined;
    });
  }

  it('moves a run to another server when its server disappears mid-run, then uses it again once back', async () => {
    w.a.mode.hold = true;
    w.b.mode.hold = true;
    const before: [number, number] = [w.a.accepted.length, w.b.accepted.length];
    const shoot = await queuedShoot(w.t);
    const settled = runUntilSettled(w.t, shoot.id);
    const [gone, other] = await holder(before);
    const otherBefore = other.accepted.length;
    other.mode.hold = false;
    await gone.crash();
    const ps = await settled;
    expect([ps.status, ps.error]).toEqual(['completed', '']);
    expect(Number(ps.attempts)).toBe(1);
    expect(other.accepted.length - otherBefore).toBe(1);
    const jobs = await externalJobs(w.t, shoot.id);
    expect(jobs.map((j) => j.state)).toEqual(['failed', 'done']);
    const lostRow = await w.t.app.db.get<{ result: string }>(
      `SELECT "result" FROM "_external_jobs" WHERE "id" = ?`,
      [jobs[0]!.id],
    );
    expect(lostRow!.result).toContain(gone.url);

    // The lost server comes back (a restarted ComfyUI, empty queue); the other one goes away.
    gone.mode.hold = false;
    await gone.start();
    await other.crash();
    const goneBefore = gone.accepted.length;
    const again = await queuedShoot(w.t);
    const ps2 = await runUntilSettled(w.t, again.id);
    expect([ps2.status, ps2.error]).toEqual(['completed', '']);
    expect(gone.accepted.length - goneBefore).toBe(1);
    await other.start();
  }, 90_000);

  it('fails in words when the only server disappears mid-run and stays away', async () => {
    await useServers(w.t, w.a);
    await w.t.app.settings.patch({ processing: { maxAttempts: 1 } });
    w.a.mode.hold = true;
    const before = w.a.accepted.length;
    const shoot = await queuedShoot(w.t);
    const settled = runUntilSettled(w.t, shoot.id);
    await until(async () => w.a.accepted.length > before || undefined);
    await w.a.crash();
    const ps = await settled;
    await w.a.start();
    expect(ps.status).toBe('failed');
    expect(String(ps.error)).toContain('stopped answering and none of the other 0 server(s) could take it');
  }, 90_000);

  it('ends the wait on the progress socket, long before the next poll', async () => {
    await useServers(w.t, w.a);
    await w.t.app.settings.patch({ comfyui: { pollSeconds: 600 } });
    w.a.mode.hold = true;
    const sockets = w.a.socketsOpened;
    const before = w.a.accepted.length;
    try {
      const shoot = await queuedShoot(w.t);
      const settled = runUntilSettled(w.t, shoot.id);
      await until(async () => (w.a.accepted.length > before && w.a.socketsOpened > sockets) || undefined);
      w.a.release();
      // With a ten-minute poll, only the socket's message can end this within the test's time.
      const ps = await settled;
      expect([ps.status, ps.error]).toEqual(['completed', '']);
    } finally {
      await w.t.app.settings.patch({ comfyui: { pollSeconds: 1 } });
    }
  }, 60_000);

  it('polls /history when the progress socket cannot be opened', async () => {
    await useServers(w.t, w.a);
    w.a.mode.noSocket = true;
    const sockets = w.a.socketsOpened;
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect([ps.status, ps.error]).toEqual(['completed', '']);
    expect(w.a.socketsOpened).toBe(sockets);
  }, 60_000);

  it('resumes the run an interrupted attempt left on the server instead of queuing it again', async () => {
    await useServers(w.t, w.a);
    w.a.mode.hold = true;
    const shoot = await queuedShoot(w.t);
    const inputs = await loadJobInputs(w.t.app, await photoshoot(w.t, shoot.id));
    const style = inputs.styles[0]! as StyleSpec;
    const provider = new ComfyuiProvider(w.t.app);
    const before = w.a.accepted.length;
    const first = new AbortController();
    const prepared = await provider.prepare(inputs.subject);
    const dying = provider.generate(prepared, { style, variants: [0], seed: 's', signal: first.signal });
    await until(async () => w.a.accepted.length > before || undefined);
    first.abort(new Error('worker died'));
    await expect(dying).rejects.toThrow('worker died');
    // A new attempt (another worker) for the same item.
    const again = provider.generate(await provider.prepare(inputs.subject), {
      style,
      variants: [0],
      seed: 's',
    });
    w.a.release();
    const outcome = await again;
    expect(outcome.state).toBe('done');
    expect(w.a.accepted.length - before).toBe(1);
    // And once done, a third attempt downloads the same outputs again: still one run.
    const third = await provider.generate(await provider.prepare(inputs.subject), {
      style,
      variants: [0],
      seed: 's',
    });
    expect(third.state).toBe('done');
    expect(w.a.accepted.length - before).toBe(1);
    await unqueue(shoot.id);
  }, 60_000);

  it('finds the run an attempt queued but died before recording, by its client id, and does not queue it again', async () => {
    await useServers(w.t, w.a);
    const shoot = await queuedShoot(w.t);
    const inputs = await loadJobInputs(w.t.app, await photoshoot(w.t, shoot.id));
    const style = inputs.styles[0]! as StyleSpec;
    const provider = new ComfyuiProvider(w.t.app);
    // The dead attempt's row (server assigned, prompt id never saved) and its run on the server.
    const row = await createJobRow(w.t.app.db, {
      provider: 'comfyui',
      kind: 'generate',
      jobKey: `gen:${shoot.id}:${style.id}:0`,
      photoshoot: shoot.id,
      meta: { variants: [0], styleId: style.id, seed: 1, workflow: 'PhotoMaker SDXL', server: w.a.url },
    });
    const client = new ComfyClient({ name: 'gpu-1', url: w.a.url, authHeader: '', authValue: '' });
    const graph = example();
    await client.uploadImage('selfie.jpg', await astronautJpeg(256));
    const promptId = await client.queuePrompt(graph.graph, row.id);
    await until(async () => w.a.history.has(promptId) || undefined);
    const before = w.a.accepted.length;
    const outcome = await provider.generate(await provider.prepare(inputs.subject), {
      style,
      variants: [0],
      seed: 's',
    });
    expect(outcome.state).toBe('done');
    expect(w.a.accepted.length).toBe(before);
    expect((await externalJobs(w.t, shoot.id)).map((j) => [j.state, j.externalId])).toEqual([
      ['done', promptId],
    ]);
    await unqueue(shoot.id);
  }, 60_000);

  it('cancels a run: interrupts it when running (by prompt id) and deletes it from the queue', async () => {
    await useServers(w.t, w.a);
    w.a.mode.hold = true;
    const shoot = await queuedShoot(w.t);
    const inputs = await loadJobInputs(w.t.app, await photoshoot(w.t, shoot.id));
    const provider = new ComfyuiProvider(w.t.app);
    const prepared = await provider.prepare(inputs.subject);
    const controller = new AbortController();
    const before = w.a.accepted.length;
    const running = provider.generate(prepared, {
      style: inputs.styles[0]! as StyleSpec,
      variants: [0],
      seed: 'c',
      signal: controller.signal,
    });
    // Running, and known to us by its prompt id (the cases before the answer is stored follow).
    await until(async () => {
      const run = w.a.accepted.length > before ? w.a.running : null;
      return (run && (await externalJobs(w.t, shoot.id)).some((j) => j.externalId === run.id)) || undefined;
    });
    controller.abort(new Error('stop'));
    await expect(running).rejects.toThrow('stop');
    const promptId = w.a.accepted.at(-1)!.id;
    const job = { provider: 'comfyui', externalId: promptId, variants: [0], styleId: inputs.styles[0]!.id };
    await provider.cancel(job);
    expect(w.a.interrupts.at(-1)).toEqual({ promptId });
    expect(w.a.running).toBeNull();
    const status = await provider.status(job);
    expect(status).toMatchObject({ state: 'failed', reason: 'ComfyUI: cancelled' });
    w.a.release();
    await unqueue(shoot.id);
  }, 60_000);

  it('stops a run by the placeholder a cancel read before the answer replaced it', async () => {
    await useServers(w.t, w.a);
    w.a.mode.hold = true;
    const shoot = await queuedShoot(w.t);
    const row = await createJobRow(w.t.app.db, {
      provider: 'comfyui',
      kind: 'generate',
      jobKey: `gen:${shoot.id}:s:0`,
      photoshoot: shoot.id,
      meta: { variants: [0], seed: 1, workflow: 'PhotoMaker SDXL', server: w.a.url },
    });
    const placeholder = row.externalId;
    const client = new ComfyClient({ name: 'gpu-1', url: w.a.url, authHeader: '', authValue: '' });
    await client.uploadImage('selfie.jpg', await astronautJpeg(256));
    const promptId = await client.queuePrompt(example().graph, row.id);
    await until(async () => w.a.running?.id === promptId || undefined);
    // The answer is stored after the cancel read the row.
    await setExternalId(w.t.app.db, row.id, promptId);
    await new ComfyuiProvider(w.t.app).cancel({
      provider: 'comfyui',
      externalId: placeholder,
      variants: [],
      styleId: '',
    });
    expect(w.a.interrupts.at(-1)).toEqual({ promptId });
    expect(w.a.running).toBeNull();
    expect((await externalJobs(w.t, shoot.id)).map((j) => [j.state, j.externalId])).toEqual([
      ['failed', promptId],
    ]);
    w.a.release();
    await unqueue(shoot.id);
  }, 60_000);

  it('does not queue a refunded run again on another server once its own no longer knows it', async () => {
    await useServers(w.t, w.a);
    w.a.mode.hold = true;
    // Someone else's run holds the GPU, so ours waits in the queue, where a cancel deletes it.
    const other = new ComfyClient({ name: 'gpu-1', url: w.a.url, authHeader: '', authValue: '' });
    await other.uploadImage('selfie.jpg', await astronautJpeg(256));
    const blocking = await other.queuePrompt(example().graph, 'someone-else');
    await until(async () => w.a.running?.id === blocking || undefined);
    const shoot = await queuedShoot(w.t);
    const inputs = await loadJobInputs(w.t.app, await photoshoot(w.t, shoot.id));
    const provider = new ComfyuiProvider(w.t.app);
    const running = provider.generate(await provider.prepare(inputs.subject), {
      style: inputs.styles[0]! as StyleSpec,
      variants: [0],
      seed: 'q',
    });
    running.catch(() => {}); // note: awaited below.
    const ours = await until(async () =>
      (await externalJobs(w.t, shoot.id)).find((j) => !j.externalId.startsWith('local:')),
    );
    expect(w.a.queue.map((r) => r.id)).toEqual([ours.externalId]);
    // A second server is there to take a run whose server is lost.
    await useServers(w.t, w.a, w.b);
    const onB = w.b.accepted.length;
    expect(await w.t.app.service(refundCancellationsKey).cancelFor(shoot.id)).toBe(1);
    expect(w.a.queue).toEqual([]);
    await expect(running).rejects.toThrow('The ComfyUI run was cancelled.');
    expect(w.b.accepted.length).toBe(onB);
    expect((await externalJobs(w.t, shoot.id)).map((j) => j.state)).toEqual(['failed']);
    w.a.release();
    await unqueue(shoot.id);
  }, 60_000);

  it('settles a cancelled row whose run it cannot look for, and its submitter then stops the run', async () => {
    const { shoot, running, controller, accepted } = await heldSubmission('unseen');
    controller.abort(new Error('refunded'));
    // The server cannot list its queue while the cancel looks for the run: the row is settled all
    // the same, so that the submitter stops the run once its answer names it.
    w.a.mode.failQueue = true;
    expect(await w.t.app.service(refundCancellationsKey).cancelFor(shoot.id)).toBe(1);
    expect((await externalJobs(w.t, shoot.id)).map((j) => j.state)).toEqual(['failed']);
    w.a.mode.failQueue = false;
    w.a.passSubmission();
    await expect(running).rejects.toThrow('refunded');
    const run = w.a.accepted[accepted]!;
    expect(w.a.interrupts.at(-1)).toEqual({ promptId: run.id });
    expect(w.a.running).toBeNull();
    w.a.release();
    await unqueue(shoot.id);
  }, 60_000);

  it('stops a run whose submission failed after the server took it, once the row is cancelled', async () => {
    const { shoot, running, controller, accepted } = await heldSubmission('unseen');
    controller.abort(new Error('refunded'));
    expect(await w.t.app.service(refundCancellationsKey).cancelFor(shoot.id)).toBe(1);
    // The server takes the run, but the answer never reaches the submitter.
    w.a.mode.dropAnswer = true;
    w.a.passSubmission();
    await expect(running).rejects.toThrow();
    const run = w.a.accepted[accepted]!;
    expect(w.a.running).toBeNull();
    expect(w.a.queue.some((r) => r.id === run.id)).toBe(false);
    const ended = w.a.history.get(run.id) as { status?: { status_str?: string } } | undefined;
    expect(ended?.status?.status_str).not.toBe('success');
    w.a.release();
    await unqueue(shoot.id);
  }, 60_000);

  /** A generation of a fresh shoot's first style whose submission the fake holds as `hold` says. */
  async function heldSubmission(hold: 'unseen' | 'unanswered') {
    await useServers(w.t, w.a);
    w.a.mode.hold = true;
    w.a.mode.holdSubmission = hold;
    const shoot = await queuedShoot(w.t);
    const inputs = await loadJobInputs(w.t.app, await photoshoot(w.t, shoot.id));
    const provider = new ComfyuiProvider(w.t.app);
    const controller = new AbortController();
    const accepted = w.a.accepted.length;
    const running = provider.generate(await provider.prepare(inputs.subject), {
      style: inputs.styles[0]! as StyleSpec,
      variants: [0],
      seed: 'h',
      signal: controller.signal,
    });
    running.catch(() => {}); // note: awaited by the test.
    await until(async () => w.a.submissionsWaiting > 0 || undefined);
    const rows = await externalJobs(w.t, shoot.id);
    expect(rows.map((j) => [j.state, j.externalId.startsWith('local:')])).toEqual([['pending', true]]);
    return { shoot, running, controller, accepted };
  }

  it('stops a run whose submission the server took but has not answered, found by its client id', async () => {
    const { shoot, running, controller, accepted } = await heldSubmission('unanswered');
    const run = w.a.accepted[accepted]!;
    await until(async () => w.a.running === run || undefined);
    // The refund: the job is aborted and its runs are stopped, the one in flight included.
    controller.abort(new Error('refunded'));
    expect(await w.t.app.service(refundCancellationsKey).cancelFor(shoot.id)).toBe(1);
    expect(w.a.interrupts.at(-1)).toEqual({ promptId: run.id });
    expect(w.a.running).toBeNull();
    w.a.passSubmission();
    await expect(running).rejects.toThrow('refunded');
    expect((await externalJobs(w.t, shoot.id)).map((j) => [j.state, j.externalId])).toEqual([
      ['failed', run.id],
    ]);
    expect(w.a.accepted.length).toBe(accepted + 1);
    w.a.release();
    await unqueue(shoot.id);
  }, 60_000);

  it('stops a run the server takes only after the cancel looked for it, once its answer names it', async () => {
    const { shoot, running, controller, accepted } = await heldSubmission('unseen');
    controller.abort(new Error('refunded'));
    // Nothing on the server to find yet: the row is settled under its placeholder.
    expect(await w.t.app.service(refundCancellationsKey).cancelFor(shoot.id)).toBe(1);
    expect(w.a.accepted.length).toBe(accepted);
    const interrupts = w.a.interrupts.length;
    w.a.passSubmission();
    await expect(running).rejects.toThrow('refunded');
    const run = w.a.accepted[accepted]!;
    // Taken and started, then stopped by the submitter: interrupted by its id, or deleted from
    // the queue if the cancel came before it started.
    expect(w.a.running).toBeNull();
    expect(w.a.queue.some((r) => r.id === run.id)).toBe(false);
    expect(w.a.interrupts.slice(interrupts).every((i) => i.promptId === run.id)).toBe(true);
    const ended = w.a.history.get(run.id) as { status?: { status_str?: string } } | undefined;
    expect(ended?.status?.status_str).not.toBe('success');
    expect((await externalJobs(w.t, shoot.id)).map((j) => [j.state, j.externalId])).toEqual([
      ['failed', run.id],
    ]);
    w.a.release();
    await unqueue(shoot.id);
  }, 60_000);

  it('stops the run on its server when the photoshoot is refunded mid-run, and lets it go', async () => {
    await useServers(w.t, w.a);
    w.a.mode.hold = true;
    const shoot = await queuedShoot(w.t);
    const runner = new JobRunner(w.t.app, { concurrency: 1, pollMs: 100 }).start();
    try {
      const started = await until(async () => {
        const jobs = await externalJobs(w.t, shoot.id);
        return jobs.find((j) => j.state === 'pending' && !j.externalId.startsWith('local:'));
      });
      await transition(w.t.app, shoot.id, 'refunded', systemActor('payments'), 'the payment was refunded');
      await w.t.app.service(refundCancellationsKey).idle();
      expect(w.a.interrupts.at(-1)).toEqual({ promptId: started.externalId });
      expect(w.a.running).toBeNull();
      expect((await externalJobs(w.t, shoot.id)).map((j) => j.state)).toEqual(['failed']);
      await until(async () => !runner.active.includes(shoot.id) || undefined);
      expect((await photoshoot(w.t, shoot.id)).status).toBe('refunded');
      expect(await w.t.app.service(refundCancellationsKey).cancelFor(shoot.id)).toBe(0);
    } finally {
      await runner.stop(0);
      w.a.release();
    }
  }, 60_000);

  it('sends the auth header on every request and socket, and never writes it to the logs', async () => {
    const secret = 'Bearer s3cret-token-never-logged';
    w.a.requireHeader = { name: 'Authorization', value: secret };
    w.b.requireHeader = { name: 'Authorization', value: secret };
    await w.t.app.settings.patch({
      comfyui: {
        servers: [
          { name: 'gpu-1', url: w.a.url, authHeader: 'Authorization', authValue: secret },
          { name: 'gpu-2', url: w.b.url, authHeader: 'Authorization', authValue: 'Bearer wrong' },
        ],
      },
    });
    const logs: string[] = [];
    const spies = (['log', 'warn', 'error', 'info'] as const).map((m) =>
      vi
        .spyOn(console, m)
        .mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' '))),
    );
    try {
      const before = w.a.accepted.length;
      const sockets = w.a.socketsOpened;
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect([ps.status, ps.error]).toEqual(['completed', '']);
      // The socket passed the header check too (a refused upgrade is never counted).
      expect(w.a.socketsOpened).toBeGreaterThan(sockets);
      const rows = (await externalJobs(w.t, shoot.id)).map((j) => j.id);
      expect(w.a.accepted.slice(before).filter((r) => rows.includes(String(r.extra.client_id)))).toHaveLength(
        1,
      );
      expect(w.a.seenHeaders.every((h) => h.Authorization === secret)).toBe(true);
      const su = await w.t.superuser();
      const settings = await su.send('/api/settings', {});
      expect(JSON.stringify(settings)).not.toContain('s3cret');
      expect(JSON.stringify(settings)).not.toContain('Bearer wrong');
    } finally {
      for (const s of spies) s.mockRestore();
      w.a.requireHeader = null;
      w.b.requireHeader = null;
    }
    expect(logs.join('\n')).not.toContain('s3cret');
    // Removing the first server keeps each saved header value with its own server (matched by
    // name), never handing gpu-1's to gpu-2.
    const su = await w.t.superuser();
    await su.send('/api/settings', {
      method: 'PATCH',
      body: {
        comfyui: { servers: [{ name: 'gpu-2', url: w.b.url, authHeader: 'Authorization', authValue: '' }] },
      },
    });
    expect(w.t.app.settings.get().comfyui.servers).toEqual([
      { name: 'gpu-2', url: w.b.url, authHeader: 'Authorization', authValue: 'Bearer wrong' },
    ]);
  }, 60_000);
});

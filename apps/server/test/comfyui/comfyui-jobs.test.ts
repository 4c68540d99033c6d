/**
 * The ComfyUI provider through the real job runner on each engine, against two strict fake
 * ComfyUI servers: a photoshoot made end to end (selfie uploaded, graph filled and queued with
 * our client id, outputs fetched through /view), review and likeness on the way, a run failed by
 * the server, a graph the server refuses, and an oversized output.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileKey } from '../../src/core/files/storage.js';
import { engines } from '../support/harness.js';
import { photoshoot, resultsOf } from '../processing/support.js';
import { externalJobs, queuedShoot, runUntilSettled } from '../hosted-providers/support/world.js';
import { example, startComfyWorld, useServers, type ComfyWorld } from './support/world.js';

describe.each(engines)('ComfyUI jobs (%s)', (engine) => {
  let w: ComfyWorld;
  beforeAll(async () => {
    w = await startComfyWorld(engine);
  });
  afterAll(() => w?.close());
  beforeEach(async () => {
    w.a.mode = { hold: false, failRuns: false, hugeOutputBytes: 0 };
    await useServers(w.t, w.a);
    await w.t.app.settings.patch({ processing: { reviewRequired: false, maxAttempts: 2 } });
  });

  it('uploads the selfie, queues the filled workflow with our client id and stores a JPEG of 2048 px', async () => {
    const before = w.a.accepted.length;
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect([ps.status, ps.error]).toEqual(['completed', '']);
    const runs = w.a.accepted.slice(before);
    expect(runs).toHaveLength(1);
    const graph = runs[0]!.graph;
    // The selfie went through /upload/image and the graph names the stored file.
    expect(w.a.inputs.has(String(graph['3']!.inputs.image))).toBe(true);
    expect(String(graph['3']!.inputs.image)).toBe(`${shoot.id}-1.jpg`);
    expect(String(graph['4']!.inputs.text)).toContain('photomaker woman, 35-44 years old');
    expect(graph['5']!.inputs.text).toContain('deformed');
    expect(graph['7']!.inputs.seed).toEqual(expect.any(Number));
    expect([graph['6']!.inputs.width, graph['6']!.inputs.height, graph['6']!.inputs.batch_size]).toEqual([
      896, 1120, 1,
    ]);
    const jobs = await externalJobs(w.t, shoot.id);
    expect(jobs.map((j) => [j.kind, j.state, j.externalId])).toEqual([['generate', 'done', runs[0]!.id]]);
    expect(runs[0]!.extra.client_id).toBe(jobs[0]!.id);
    const results = await resultsOf(w.t, shoot.id);
    expect(results).toHaveLength(1);
    const c = w.t.app.registry.require('results');
    const bytes = await w.t.app.storage.readBuffer(
      fileKey(c.id, String(results[0]!.id), String(results[0]!.file)),
    );
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(2048);
    // Every result passed through the likeness check (no reference here: said so on the result).
    const params = results[0]!.params as Record<string, unknown>;
    expect(params).toMatchObject({ provider: 'comfyui', server: w.a.url, workflow: 'PhotoMaker SDXL' });
    expect(params.likeness).toEqual(expect.objectContaining({}));
  }, 60_000);

  it('holds the results for review when review is on', async () => {
    await w.t.app.settings.patch({ processing: { reviewRequired: true } });
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect(ps.status).toBe('review');
    const results = await resultsOf(w.t, shoot.id);
    expect(results.map((r) => r.review)).toEqual(['pending']);
  }, 60_000);

  it('fails in words when the server fails the run, after the retry cap', async () => {
    w.a.mode.failRuns = true;
    const before = w.a.accepted.length;
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect(ps.status).toBe('failed');
    expect(String(ps.error)).toContain('CUDA out of memory');
    expect(String(ps.error)).toContain('KSampler');
    // Two attempts, two runs: a failed run is not resumed, it is run again.
    expect(w.a.accepted.length - before).toBe(2);
    expect(await resultsOf(w.t, shoot.id)).toHaveLength(0);
  }, 60_000);

  it('fails at once, naming node and input, when ComfyUI refuses the graph', async () => {
    const broken = example();
    broken.name = 'Missing checkpoint';
    broken.graph['1']!.inputs.ckpt_name = 'not-installed.safetensors';
    await w.t.app.settings.patch({
      comfyui: { workflows: [example(), broken], defaultWorkflow: broken.name },
    });
    try {
      const refusals = w.a.refusals.length;
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect(ps.status).toBe('failed');
      expect(Number(ps.attempts)).toBe(1);
      expect(String(ps.error)).toContain('ComfyUI refused the workflow: Prompt outputs failed validation');
      expect(String(ps.error)).toContain(
        'node 1 (CheckpointLoaderSimple) input "ckpt_name": Value not in list',
      );
      expect(w.a.refusals.length - refusals).toBe(1);
    } finally {
      await w.t.app.settings.patch({
        comfyui: { workflows: [example()], defaultWorkflow: 'PhotoMaker SDXL' },
      });
    }
  }, 60_000);

  it('refuses an output larger than the download bound', async () => {
    w.a.mode.hugeOutputBytes = 41 * 1024 * 1024;
    await w.t.app.settings.patch({ processing: { maxAttempts: 1 } });
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect(ps.status).toBe('failed');
    expect(String(ps.error)).toContain('larger than 40 MB');
    expect((await photoshoot(w.t, shoot.id)).status).toBe('failed');
  }, 60_000);
});

/**
 * Astria against its strict fake: the shared end-to-end scenarios, then what is Astria's own — the
 * documented flow per model family (Flux and SDXL LoRAs prompted on their base tune, SD1.5
 * checkpoints on their own), mock output only for team test shoots, no second tune or prompt
 * after a 504, tune failures noticed at once, and callbacks checked against the per-job token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeParam } from '../../src/core/params.js';
import { forgetOldJobs } from '../../src/modules/hosted-providers/external-jobs.js';
import { MOCK_REFUSAL } from '../../src/modules/hosted-providers/astria/astria-api.js';
import { findPrompt, findTune } from '../../src/modules/hosted-providers/astria/astria-lookup.js';
import type { AstriaSettings } from '../../src/modules/hosted-providers/hosted-settings.js';
import { engines } from '../support/harness.js';
import { ASTRIA_KEY } from './support/fake-astria.js';
import { queuedShoot as queuedShootOf } from '../processing/support.js';
import { hostedScenarios } from './support/scenarios.js';
import {
  externalJobs,
  queuedShoot,
  runUntilSettled,
  startWorld,
  useProvider,
  type World,
} from './support/world.js';

hostedScenarios('astria', {
  providerLabel: 'Astria',
  promptOf: (w) => String(w.astria.prompts.at(-1)?.text ?? ''),
});

describe.each(engines)('astria specifics (%s)', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(engine);
    await useProvider(w.t, 'astria');
  });
  afterAll(() => w.close());

  async function withAstria(patch: Partial<AstriaSettings>, fn: () => Promise<void>): Promise<void> {
    const { apiKey: _key, ...before } = w.t.app.settings.get().processing.astria;
    await w.t.app.settings.patch({ processing: { astria: patch } });
    try {
      await fn();
    } finally {
      await w.t.app.settings.patch({ processing: { astria: before } });
    }
  }

  /** The fake's tunes titled with this photoshoot's training rows. */
  async function tunesOf(shoot: string) {
    const rows = new Set((await externalJobs(w.t, shoot)).filter((j) => j.kind === 'train').map((j) => j.id));
    return w.astria.tuneForms.filter((f) => rows.has(f.title));
  }

  it('makes real portraits with only a key: a Flux LoRA on the base tune, prompted there with its tag', async () => {
    expect(w.t.app.settings.get().processing.astria).toMatchObject({
      model: 'flux1',
      mock: false,
      baseTuneId: 0,
    });
    w.astria.reset({ callbacks: 'once' });
    const requests = w.astria.requests.length;
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect([ps.status, ps.error]).toEqual(['completed', '']);
    const [tune] = await tunesOf(shoot.id);
    expect(tune).toMatchObject({
      branch: 'flux1',
      baseTuneId: 1504944,
      modelType: 'lora',
      preset: 'flux-lora-portrait',
      token: 'ohwx',
      name: 'woman',
      images: 2,
    });
    const tuneId = [...w.astria.jobs.values()].find((j) => j.extra.title === tune!.title)!.extra.num;
    const prompt = w.astria.prompts.at(-1)!;
    expect(prompt.tune).toBe('1504944');
    expect(String(prompt.text)).toMatch(new RegExp(`^<lora:${String(tuneId)}:1> `));
    expect(prompt).toMatchObject({ super_resolution: true, inpaint_faces: true, num_images: 1 });
    expect(prompt.negative_prompt).toBeUndefined();
    // A first submission looks nothing up: the lists are read only when resubmitting.
    const lists = w.astria.requests
      .slice(requests)
      .filter((r) => r.method === 'GET' && (r.path === '/tunes' || r.path === '/prompts'));
    expect(lists).toEqual([]);
  }, 120_000);

  it('trains SDXL as a LoRA on SDXL 1.0 and SD1.5 as a checkpoint prompted on its own tune', async () => {
    await withAstria({ model: 'sdxl1' }, async () => {
      w.astria.reset();
      const shoot = await queuedShoot(w.t);
      expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
      expect((await tunesOf(shoot.id))[0]).toMatchObject({
        branch: 'sdxl1',
        baseTuneId: 666678,
        modelType: 'lora',
      });
      const prompt = w.astria.prompts.at(-1)!;
      expect(prompt.tune).toBe('666678');
      expect(String(prompt.text)).toMatch(/^<lora:\d+:1> /);
      expect(prompt).toMatchObject({ super_resolution: true, inpaint_faces: true, face_swap: true });
      expect([prompt.w, prompt.h]).toEqual([896, 1088]);
    });
    await withAstria({ model: 'sd15' }, async () => {
      w.astria.reset();
      const shoot = await queuedShoot(w.t);
      expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
      const [tune] = await tunesOf(shoot.id);
      expect(tune).toMatchObject({ branch: 'sd15', baseTuneId: 690204, modelType: '' });
      const tuneId = [...w.astria.jobs.values()].find((j) => j.extra.title === tune!.title)!.extra.num;
      const prompt = w.astria.prompts.at(-1)!;
      expect(prompt.tune).toBe(String(tuneId));
      expect(String(prompt.text)).not.toContain('<lora:');
      expect(prompt).toMatchObject({ super_resolution: true, inpaint_faces: true, face_correct: true });
      expect(String(prompt.negative_prompt)).toContain('deformed');
    });
  }, 240_000);

  it('refuses a paid photoshoot in mock mode, in words, and runs a team test shoot on the fast branch', async () => {
    const su = await w.t.superuser();
    const testConnection = () =>
      su.send<{ message: string; notice?: string }>('/api/admin/processing/providers/astria/test', {
        method: 'POST',
      });
    expect((await testConnection()).notice).toBeUndefined();
    await withAstria({ mock: true }, async () => {
      // The back office can say so: the settings flag, and the connection test in words.
      expect((await testConnection()).notice).toMatch(/placeholder images.*paid photoshoots are refused/);
      w.astria.reset();
      const forms = w.astria.tuneForms.length;
      const paid = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, paid.id);
      expect([ps.status, ps.attempts]).toEqual(['failed', 1]);
      expect(String(ps.error)).toContain(MOCK_REFUSAL);
      expect(w.astria.tuneForms.length).toBe(forms);

      const test = await queuedShootOf(w.t, {
        isTest: true,
        photos: 2,
        side: 384,
        profile: { name: 'Me', gender: 'male', ageRange: '25-34' },
      });
      expect((await runUntilSettled(w.t, test.id)).status).toBe('completed');
      const [tune] = await tunesOf(test.id);
      expect(tune).toMatchObject({ branch: 'fast', baseTuneId: null, modelType: '', preset: '' });
      const tuneId = [...w.astria.jobs.values()].find((j) => j.extra.title === tune!.title)!.extra.num;
      expect(w.astria.prompts.at(-1)!.tune).toBe(String(tuneId));
    });
  }, 120_000);

  it('does not make a second tune when the first submission got a 504 (account idempotency off)', async () => {
    w.astria.reset({ callbacks: 'never' });
    w.astria.timeoutAfter = 'train';
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect([ps.status, ps.attempts]).toEqual(['completed', 2]);
    expect(await tunesOf(shoot.id)).toHaveLength(1);
    expect((await externalJobs(w.t, shoot.id)).map((j) => [j.kind, j.state])).toEqual([
      ['train', 'done'],
      ['generate', 'done'],
    ]);
  }, 120_000);

  it('does not make a second prompt when the first submission got a 504', async () => {
    w.astria.reset({ callbacks: 'never' });
    w.astria.timeoutAfter = 'generate';
    const prompts = w.astria.prompts.length;
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect([ps.status, ps.attempts]).toEqual(['completed', 2]);
    expect(w.astria.prompts.length - prompts).toBe(1);
    expect(w.astria.requests.some((r) => r.method === 'GET' && r.path === '/prompts')).toBe(true);
  }, 120_000);

  it('fails the attempt as soon as Astria reports the tune failed, with its message', async () => {
    w.astria.reset({ failure: 'job', failOn: 'train', callbacks: 'never' });
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect([ps.status, ps.attempts]).toEqual(['failed', 2]);
    expect(String(ps.error)).toContain('astria training failed: fake failure: no face was found');
    expect(String(ps.error)).not.toContain('did not finish');
  }, 120_000);

  it('takes callbacks only with the job token: forged, replayed, stale and misdirected ones change nothing', async () => {
    w.astria.reset({ callbacks: 'once' });
    const shoot = await queuedShoot(w.t);
    expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
    const gen = (await externalJobs(w.t, shoot.id)).find((j) => j.kind === 'generate')!;
    const id = Number(gen.externalId.replace('prompt-', ''));
    const url = (token: string | null) =>
      `${w.t.url}/api/processing/webhooks/astria?job=${gen.id}${token === null ? '' : `&token=${token}`}`;
    const post = async (u: string, body: unknown) => {
      const res = await fetch(u, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const other = { prompt: { id, images: ['https://example.com/other.png'] } };
    expect((await post(url(null), other)).status).toBe(401);
    expect((await post(url('x'.repeat(gen.token.length)), other)).status).toBe(401);
    expect((await post(url(gen.token), { prompt: { id: id + 1, images: [] } })).status).toBe(400);
    expect(await post(url(gen.token), other)).toEqual({
      status: 200,
      body: { received: true, settled: false },
    });
    const row = await w.t.app.db.get<{ result: string }>(
      `SELECT "result" FROM "_external_jobs" WHERE "id" = ?`,
      [gen.id],
    );
    expect(row!.result).not.toContain('other.png');
    // Once the row is forgotten (settled a week ago), its callbacks are refused like any unknown job.
    await forgetOldJobs(w.t.app.db, new Date(Date.now() + 8 * 86_400_000));
    expect((await post(url(gen.token), other)).status).toBe(401);
  }, 120_000);

  it('has real defaults, drops the old stored `fast` default, and refuses bad options with field errors', async () => {
    const stored = structuredClone(w.t.app.settings.get()) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    stored.processing!.astria = { apiKey: 'sd_old', branch: 'fast' };
    await writeParam(w.t.app.db, 'settings', stored);
    await w.t.app.settings.load();
    expect(w.t.app.settings.get().processing.astria).toEqual({
      apiKey: 'sd_old',
      model: 'flux1',
      baseTuneId: 0,
      preset: 'flux-lora-portrait',
      mock: false,
    });
    const err = await w.t.app.settings
      .patch({ processing: { astria: { model: 'fast', baseTuneId: -1, preset: 'high', mock: 'yes' } } })
      .catch((e: { status: number; data: Record<string, Record<string, { code: string }>> }) => e);
    expect(err).toMatchObject({ status: 400 });
    expect(Object.keys((err as { data: Record<string, object> }).data.processing!).sort()).toEqual([
      'astria.baseTuneId',
      'astria.mock',
      'astria.model',
      'astria.preset',
    ]);
    await w.t.app.settings.patch({ processing: { astria: { apiKey: ASTRIA_KEY } } });
  });
});

describe('Astria look-ups before a resubmission', () => {
  const since = Date.parse('2026-01-01T12:00:00Z');
  /** An account with `n` tunes made `gapMs` apart, the newest an hour after `since`, paged as Astria pages them. */
  function account(n: number, titleOf: (i: number) => string, gapMs: number) {
    const tunes = Array.from({ length: n }, (_, i) => ({
      id: 10_000 + i,
      title: titleOf(i),
      created_at: new Date(since + 3_600_000 - (n - 1 - i) * gapMs).toISOString(),
    })).reverse();
    const queries: string[] = [];
    const list = async (query: string) => {
      queries.push(query);
      const q = new URLSearchParams(query.slice(1));
      const before = Number(q.get('before_id') ?? Infinity);
      return tunes.filter((t) => t.id < before).slice(0, Number(q.get('limit')));
    };
    return { list, queries };
  }

  it('pages back with before_id until it finds the title', async () => {
    const { list, queries } = account(300, (i) => (i === 20 ? 'row-1' : `other-${i}`), 1000);
    const found = await findTune(list, { row: 'row-1', since, sentAt: since });
    expect(found?.id).toBe(10_020);
    expect(queries).toEqual(['?limit=120', '?limit=120&before_id=10180', '?limit=120&before_id=10060']);
  });

  it('stops at objects older than the row instead of reading the whole account', async () => {
    const { list, queries } = account(2000, (i) => `other-${i}`, 60_000);
    expect(await findTune(list, { row: 'row-1', since, sentAt: since })).toBeNull();
    expect(queries.length).toBeLessThan(5);
  });

  it('finds a prompt by the job of its callback URL', async () => {
    const prompts = [
      { id: 2, callback: 'https://app.example/api/processing/webhooks/astria?job=row-2&token=t' },
      { id: 1, callback: 'not a url' },
    ];
    const list = async () => prompts;
    expect((await findPrompt(list, { row: 'row-2', since, sentAt: since }))?.id).toBe(2);
    expect(await findPrompt(list, { row: 'row-3', since, sentAt: since })).toBeNull();
  });
});

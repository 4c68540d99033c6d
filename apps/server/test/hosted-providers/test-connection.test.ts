/**
 * `POST /api/admin/processing/providers/{name}/test`: the operator's "test connection", against
 * the local fakes of fal, Replicate and Astria (their base URLs as production would use the real
 * ones). Who may call it, a key accepted, a key refused, a key missing, a service down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { failure } from '../support/errors.js';
import { startWorld, type World } from './support/world.js';
import { FakeFal } from './support/fake-fal.js';
import { REPLICATE_TOKEN } from './support/fake-replicate.js';
import { FalApi } from '../../src/modules/hosted-providers/fal/fal-api.js';
import { AccessCheckFailed } from '../../src/modules/hosted-providers/check-access.js';

describe.each(engines)('hosted provider connection test (%s)', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(engine);
  });
  afterAll(() => w?.close());

  const test = (pb: ReturnType<World['t']['client']>, name: string) =>
    pb.send(`/api/admin/processing/providers/${name}/test`, { method: 'POST' });

  it('is for superusers only: 401 for a guest, 403 for a customer', async () => {
    const guest = await failure(test(w.t.client(), 'fal'));
    expect(guest.status).toBe(401);
    const { pb } = await w.t.user();
    const customer = await failure(test(pb, 'fal'));
    expect(customer.status).toBe(403);
    expect(customer.response).toMatchObject({ status: 403, data: {} });
  });

  // What each says of the fakes' default configuration: whether it can make real portraits, in words.
  const READY = {
    fal:
      "fal accepted the key, and both apps are active: fal-ai/flux-lora-portrait-trainer trains each person's " +
      'LoRA, fal-ai/flux-lora renders the portraits. This configuration can make real portraits.',
    astria:
      'Astria accepted the key. Each person is trained as a LoRA on Flux.1 dev (gallery tune 1504944) with ' +
      'the flux-lora-portrait preset. This configuration can make real portraits.',
  };

  it('makes one authenticated read of each provider and says whether it can make real portraits', async () => {
    const su = await w.t.superuser();
    for (const [name, fake, paths] of [
      // fal: the key on its queue, then its model search for the two configured apps.
      ['fal', w.fal, [/^\/fal-ai\/flux-lora\/requests\/[\w-]+\/status$/, /^\/v1\/models$/]],
      ['replicate', w.replicate, [/^\/v1\/account$/]],
      ['astria', w.astria, [/^\/tunes$/]],
    ] as const) {
      const before = fake.requests.length;
      const answer = await test(su, name);
      const made = fake.requests.slice(before);
      // Reads only; Replicate's also checks its trainer and destination (replicate-protocol.test.ts).
      expect(made.every((r) => r.method === 'GET')).toBe(true);
      made.slice(0, paths.length).forEach((m, i) => expect(m.path).toMatch(paths[i]!));
      if (name === 'replicate') {
        expect(answer).toMatchObject({ provider: name, ok: true, realPortraits: true });
        expect(answer.message).toContain('This configuration can make real portraits.');
        continue;
      }
      expect(answer).toEqual({ provider: name, ok: true, message: READY[name], realPortraits: true });
      expect(made).toHaveLength(paths.length);
    }
    // fal's model search needs no key, so ours does not travel there.
    expect(w.fal.modelSearchKeys).toEqual([null]);
    // A read only: nothing was submitted anywhere.
    expect(w.fal.jobs.size + w.replicate.jobs.size + w.astria.jobs.size).toBe(0);
  });

  it('answers 400 with a sentence when the provider refuses the key, never echoing it', async () => {
    const su = await w.t.superuser();
    const wrong = 'r8_wrong_token_must_not_echo';
    await w.t.app.settings.patch({ processing: { replicate: { apiToken: wrong } } });
    try {
      const err = await failure(test(su, 'replicate'));
      expect(err.status).toBe(400);
      expect(err.response.message).toMatch(/Replicate refused the key \(HTTP 401\)/);
      expect(JSON.stringify(err.response)).not.toContain(wrong);
    } finally {
      await w.t.app.settings.patch({ processing: { replicate: { apiToken: REPLICATE_TOKEN } } });
    }
  });

  it('says so when fal does not know a configured app, or has deprecated it', async () => {
    const su = await w.t.superuser();
    await w.t.app.settings.patch({
      processing: { fal: { trainingApp: 'fal-ai/flux-lora-portrait-trainr' } },
    });
    try {
      const typo = await failure(test(su, 'fal'));
      expect([typo.status, typo.response.message]).toEqual([
        400,
        'The connection test failed. fal accepted the key, but has no app "fal-ai/flux-lora-portrait-trainr": check the app ids.',
      ]);
    } finally {
      await w.t.app.settings.patch({
        processing: { fal: { trainingApp: 'fal-ai/flux-lora-portrait-trainer' } },
      });
    }
    w.fal.deprecatedApps = ['fal-ai/flux-lora'];
    try {
      const retired = await failure(test(su, 'fal'));
      expect(retired.response.message).toContain(
        'the app "fal-ai/flux-lora" is deprecated: choose its successor.',
      );
    } finally {
      w.fal.deprecatedApps = [];
    }
  });

  it('says in words when Astria makes placeholder images, or uses a base tune it cannot check', async () => {
    const su = await w.t.superuser();
    await w.t.app.settings.patch({ processing: { astria: { mock: true } } });
    try {
      const mock = await test(su, 'astria');
      expect(mock).toMatchObject({
        ok: true,
        realPortraits: false,
        message:
          'Astria accepted the key, but mock output is on: it returns placeholder images, so this ' +
          'configuration cannot make real portraits.',
      });
      expect(mock.notice).toMatch(/placeholder images.*paid photoshoots are refused/);
      await w.t.app.settings.patch({
        processing: { astria: { mock: false, model: 'sdxl1', baseTuneId: 777 } },
      });
      const chosen = await test(su, 'astria');
      expect(chosen.message).toBe(
        'Astria accepted the key. Each person is trained as a LoRA on SDXL 1.0 (gallery tune 777). Astria ' +
          'offers no way to check a gallery tune in advance: the first photoshoot confirms the tune you chose. ' +
          'This configuration can make real portraits.',
      );
      expect(chosen.notice).toBeUndefined();
      expect(chosen.realPortraits).toBe(true);
    } finally {
      await w.t.app.settings.patch({
        processing: { astria: { mock: false, model: 'flux1', baseTuneId: 0 } },
      });
    }
  });

  it('says what is missing when no key is saved, and refuses an unknown provider with a field error', async () => {
    const su = await w.t.superuser();
    const stored = w.t.app.settings.get().processing.astria.apiKey;
    // The store keeps a secret a PATCH blanks; the test empties it the way a fresh install has it.
    (w.t.app.settings.get().processing.astria as { apiKey: string }).apiKey = '';
    try {
      const err = await failure(test(su, 'astria'));
      expect(err.status).toBe(400);
      expect(err.response.message).toMatch(/Astria is not configured/i);
    } finally {
      (w.t.app.settings.get().processing.astria as { apiKey: string }).apiKey = stored;
    }
    const unknown = await failure(test(su, 'studio'));
    expect(unknown.status).toBe(400);
    expect(unknown.response.data).toMatchObject({ provider: { code: 'validation_in_invalid' } });
  });

  it('says the service could not be reached when nothing answers at its address', async () => {
    // A port nothing listens on: a fake's, after it stopped.
    const down = await new FakeFal().start();
    await down.stop();
    const api = new FalApi(() => w.t.app.settings.get().processing.fal, down.url);
    const err = await api.checkAccess().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AccessCheckFailed);
    expect((err as Error).message).toMatch(/^fal could not be reached/);
  });
});

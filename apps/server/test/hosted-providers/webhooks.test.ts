/**
 * The webhook endpoint's guard rails on each engine: forged or unauthenticated callbacks are
 * refused in the error shape (and the polling backstop still finishes the job), unreadable ones
 * are a 400, redeliveries change nothing; provider secrets never leave GET /api/settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import {
  externalJobs,
  queuedShoot,
  runUntilSettled,
  startWorld,
  useProvider,
  type World,
} from './support/world.js';
import { FAL_KEY } from './support/fake-fal.js';
import { REPLICATE_TOKEN } from './support/fake-replicate.js';
import { ASTRIA_KEY } from './support/fake-astria.js';

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.each(engines)('hosted provider webhooks (%s)', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(engine);
  });
  afterAll(() => w.close());

  it('refuses Replicate callbacks with a forged signature; polling still completes the job', async () => {
    await useProvider(w.t, 'replicate');
    w.replicate.reset({ pollsUntilDone: 2, callbacks: 'once' });
    w.replicate.forgeSignatures = true;
    try {
      const shoot = await queuedShoot(w.t);
      const before = w.replicate.deliveries.length;
      const ps = await runUntilSettled(w.t, shoot.id);
      expect([ps.status, ps.error]).toEqual(['completed', '']);
      const refused = w.replicate.deliveries.slice(before);
      expect(refused.map((d) => d.status)).toEqual([401, 401]);
      expect(JSON.parse(refused[0]!.body)).toEqual({
        status: 401,
        message: 'The webhook could not be verified.',
        data: {},
      });
      expect((await externalJobs(w.t, shoot.id)).map((j) => [j.state, j.deliveries])).toEqual([
        ['done', 0],
        ['done', 0],
      ]);
    } finally {
      w.replicate.forgeSignatures = false;
    }
  }, 120_000);

  it('answers bad tokens 401, unreadable bodies 400, unknown providers 404, redeliveries 200 unchanged', async () => {
    await useProvider(w.t, 'fal');
    w.fal.reset({ pollsUntilDone: 1, callbacks: 'once' });
    const shoot = await queuedShoot(w.t);
    expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
    const gen = (await externalJobs(w.t, shoot.id)).find((j) => j.kind === 'generate')!;
    const base = `${w.t.url}/api/processing/webhooks`;
    const good = JSON.stringify({
      request_id: gen.externalId,
      status: 'OK',
      payload: { images: [{ url: `${w.fal.url}/files/other-0.jpg` }] },
    });

    // Signed as fal signs: only the token is wrong, or the body unreadable, in what follows.
    const signed = (body: string, id = gen.externalId) => w.fal.signedHeaders(body, id);
    const forged = await post(`${base}/fal?job=${gen.id}&token=${'x'.repeat(32)}`, good, signed(good));
    expect(forged).toEqual({
      status: 401,
      body: { status: 401, message: 'The webhook could not be verified.', data: {} },
    });
    expect((await post(`${base}/fal?job=${gen.id}`, good, signed(good))).status).toBe(401);
    expect(
      (await post(`${base}/fal?job=zzzzzzzzzzzzzzz&token=${gen.token}`, good, signed(good))).status,
    ).toBe(401);
    // A token is only good for its own provider's route.
    expect((await post(`${base}/astria?job=${gen.id}&token=${gen.token}`, good)).status).toBe(401);

    const garbled = await post(
      `${base}/fal?job=${gen.id}&token=${gen.token}`,
      '{"request_id": ',
      signed('{"request_id": '),
    );
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatchObject({ status: 400, data: {} });
    const other = JSON.stringify({ request_id: 'someone-else', status: 'OK', payload: { images: [] } });
    const otherJob = await post(
      `${base}/fal?job=${gen.id}&token=${gen.token}`,
      other,
      signed(other, 'someone-else'),
    );
    expect(otherJob.status).toBe(400);

    const unknown = await post(`${base}/leap?job=${gen.id}&token=${gen.token}`, good);
    expect(unknown).toEqual({
      status: 404,
      body: { status: 404, message: "The requested resource wasn't found.", data: {} },
    });

    const redelivered = await post(`${base}/fal?job=${gen.id}&token=${gen.token}`, good, signed(good));
    expect(redelivered).toEqual({ status: 200, body: { received: true, settled: false } });
    // The settled outcome is what it was: the redelivery's different image was not taken.
    const row = await w.t.app.db.get<{ result: string; state: string }>(
      `SELECT "result", "state" FROM "_external_jobs" WHERE "id" = ?`,
      [gen.id],
    );
    expect(row!.state).toBe('done');
    expect(row!.result).not.toContain('other-0');
  }, 120_000);

  it('fails the photoshoot with a clear reason when the provider answers malformed bodies', async () => {
    await useProvider(w.t, 'astria');
    w.astria.reset({ failure: 'malformed', failOn: 'generate', callbacks: 'once' });
    const before = w.astria.deliveries.length;
    const shoot = await queuedShoot(w.t);
    const ps = await runUntilSettled(w.t, shoot.id);
    expect(ps.status).toBe('failed');
    expect(String(ps.error)).toMatch(/^Failed after 2 attempts: Astria answered with a malformed body/);
    // The garbled callbacks were refused as unreadable, not as errors of ours.
    const statuses = w.astria.deliveries.slice(before).map((d) => d.status);
    expect(statuses).toContain(400);
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
  }, 120_000);

  it('masks the provider secrets in GET /api/settings and keeps them on a blank PATCH', async () => {
    const pb = await w.t.superuser();
    await pb.settings.update({
      processing: { replicate: { webhookSecret: `whsec_${Buffer.from('k'.repeat(24)).toString('base64')}` } },
    });
    const s = (await pb.settings.getAll()) as { processing: Record<string, Record<string, unknown>> };
    expect(s.processing.fal!.apiKey).toBe('');
    expect(s.processing.replicate!.apiToken).toBe('');
    expect(s.processing.replicate!.webhookSecret).toBe('');
    expect(s.processing.astria!.apiKey).toBe('');
    expect(s.processing.astria!.model).toBe('flux1');
    expect(JSON.stringify(s)).not.toContain(FAL_KEY);
    expect(JSON.stringify(s)).not.toContain(REPLICATE_TOKEN);
    expect(JSON.stringify(s)).not.toContain(ASTRIA_KEY);
    await pb.settings.update({ processing: { fal: { apiKey: '', inferenceApp: 'fal-ai/flux-lora' } } });
    expect(w.t.app.settings.get().processing.fal.apiKey).toBe(FAL_KEY);
  });

  it('rejects malformed provider settings with field errors', async () => {
    const pb = await w.t.superuser();
    const err = await pb.settings
      .update({
        processing: {
          replicate: { trainerVersion: 'not a version', webhookSecret: 'plain' },
          astria: { model: 'gpt' },
          hostedPollSeconds: 0,
        },
      })
      .catch(
        (e: { status: number; response: { data: Record<string, Record<string, { code: string }>> } }) => e,
      );
    expect(err).toMatchObject({ status: 400 });
    const data = (err as { response: { data: Record<string, Record<string, { code: string }>> } }).response
      .data.processing!;
    expect(Object.keys(data).sort()).toEqual([
      'astria.model',
      'hostedPollSeconds',
      'replicate.trainerVersion',
      'replicate.webhookSecret',
    ]);
    expect(w.t.app.settings.get().processing.astria.model).toBe('flux1');
  });
});

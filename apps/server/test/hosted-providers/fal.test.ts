/**
 * fal against its strict fake: the shared scenarios, then what is fal's own — the selfie zip
 * uploaded to fal's storage (never a data URI), payload retention off, ED25519 webhook signatures
 * with a bounded key cache, safety-checker flags retried with fresh seeds and never delivered,
 * cancelling that tells a queued request from a running one, and `payload_error` callbacks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../support/harness.js';
import { photoshoot, resultsOf, until } from '../processing/support.js';
import { JobRunner } from '../../src/modules/processing/job-runner.js';
import { systemActor } from '../../src/core/records/actor.js';
import { transition } from '../../src/modules/photoshoots/lifecycle.js';
import { refundCancellationsKey } from '../../src/modules/hosted-providers/cancel-on-refund.js';
import { FalApi } from '../../src/modules/hosted-providers/fal/fal-api.js';
import { FalJwks } from '../../src/modules/hosted-providers/fal/fal-jwks.js';
import type { ExternalJobRow } from '../../src/modules/hosted-providers/external-jobs.js';
import {
  isFresh,
  readSignedHeaders,
  signatureMatches,
} from '../../src/modules/hosted-providers/fal/fal-signature.js';
import { hostedScenarios } from './support/scenarios.js';
import {
  externalJobs,
  queuedShoot,
  runUntilSettled,
  startWorld,
  useProvider,
  type World,
} from './support/world.js';
import { EXHAUSTED_BALANCE, FAL_KEY, FakeFal } from './support/fake-fal.js';
import { DATA_URI_LIMIT } from './support/fake-fal-inputs.js';

hostedScenarios('fal', {
  providerLabel: 'fal',
  promptOf: (w) =>
    String(w.fal.submissions.filter((s) => s.app === 'fal-ai/flux-lora').at(-1)?.input.prompt ?? ''),
});

const rowOf = (fal: FakeFal, d: { job: string }) =>
  new URL(fal.jobs.get(d.job)!.callbackUrl).searchParams.get('job');

describe.each(engines)('fal protocol (%s)', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(engine);
    await useProvider(w.t, 'fal');
  });
  afterAll(() => w.close());
  afterEach(() => vi.restoreAllMocks());

  it('uploads the selfie zip to fal storage, passes its URL, and turns payload retention off', async () => {
    w.fal.reset({ callbacks: 'once' });
    const before = w.fal.submissions.length;
    const shoot = await queuedShoot(w.t);
    expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
    const [train, gen] = w.fal.submissions.slice(before);
    // The defaults (only an API key is set) are fal's portrait trainer and flux-lora.
    expect([train!.app, gen!.app]).toEqual(['fal-ai/flux-lora-portrait-trainer', 'fal-ai/flux-lora']);
    const zipUrl = String(train!.input.images_data_url);
    expect(zipUrl.startsWith(`${w.fal.url}/files/`)).toBe(true);
    expect(zipUrl.endsWith('/selfies.zip')).toBe(true);
    expect(train!.input.trigger_phrase).toBe('ohwx');
    const upload = w.fal.uploads.get(zipUrl.split('/')[4]!)!;
    expect(upload.data!.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(upload.contentType).toBe('application/zip');
    expect(upload.keySent).toBe(false);
    expect(JSON.parse(upload.lifecycle!)).toEqual({ expiration_duration_seconds: 172_800 });
    expect(gen!.input).toMatchObject({ enable_safety_checker: true, output_format: 'jpeg', num_images: 1 });
    expect((gen!.input.loras as { path: string }[])[0]!.path).toMatch(/\/files\/lora-t\w+\.safetensors$/);
    expect([train!.storeIo, gen!.storeIo]).toEqual(['0', '0']);
    expect([...w.fal.jobs.values()].filter((j) => j.extra.retained)).toEqual([]);
  }, 120_000);

  it('refuses callbacks with a forged or stale signature; polling still completes the job', async () => {
    for (const forge of [{ forgeSignatures: true }, { signatureSkewSeconds: -301 }]) {
      w.fal.reset({ pollsUntilDone: 2, callbacks: 'once' });
      Object.assign(w.fal, forge);
      const before = w.fal.deliveries.length;
      const shoot = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, shoot.id);
      expect([ps.status, ps.error]).toEqual(['completed', '']);
      await w.fal.idle();
      const ours = new Set((await externalJobs(w.t, shoot.id)).map((j) => j.id));
      const mine = w.fal.deliveries.slice(before).filter((d) => ours.has(rowOf(w.fal, d) ?? ''));
      expect(mine.map((d) => d.status)).toEqual([401, 401]);
      expect((await externalJobs(w.t, shoot.id)).map((j) => [j.state, j.deliveries])).toEqual([
        ['done', 0],
        ['done', 0],
      ]);
    }
  }, 240_000);

  it('acknowledges a payload_error callback without settling, and takes the result by polling', async () => {
    w.fal.reset({ pollsUntilDone: 3, callbacks: 'once' });
    w.fal.payloadErrorsNext = 2;
    const before = w.fal.deliveries.length;
    const shoot = await queuedShoot(w.t);
    expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
    await w.fal.idle();
    const mine = w.fal.deliveries.slice(before);
    expect(mine.map((d) => [d.status, JSON.parse(d.body).settled])).toEqual([
      [200, false],
      [200, false],
    ]);
    expect(await resultsOf(w.t, shoot.id)).toHaveLength(1);
  }, 120_000);

  it('never delivers an image the safety checker flagged: a fresh seed, then words for the operator', async () => {
    w.fal.reset({ callbacks: 'once' });
    w.fal.flagNext = 1;
    const before = w.fal.submissions.length;
    const shoot = await queuedShoot(w.t);
    expect((await runUntilSettled(w.t, shoot.id)).status).toBe('completed');
    const gens = w.fal.submissions.slice(before).filter((s) => s.app === 'fal-ai/flux-lora');
    expect(gens).toHaveLength(2);
    expect(gens[0]!.input.seed).not.toBe(gens[1]!.input.seed);
    const jobs = await externalJobs(w.t, shoot.id);
    expect(jobs.map((j) => [j.kind, j.state])).toEqual([
      ['train', 'done'],
      ['generate', 'failed'],
      ['generate', 'done'],
    ]);
    const results = await resultsOf(w.t, shoot.id);
    expect(results).toHaveLength(1);
    // The delivered image is the second request's, not the flagged one's.
    const delivered = JSON.stringify(results[0]);
    expect(delivered).toContain(jobs[2]!.externalId);
    expect(delivered).not.toContain(jobs[1]!.externalId);

    await w.t.app.settings.patch({ processing: { maxAttempts: 1 } });
    try {
      w.fal.reset({ callbacks: 'once' });
      w.fal.flagNext = 100;
      const flagged = await queuedShoot(w.t);
      const ps = await runUntilSettled(w.t, flagged.id);
      expect(ps.status).toBe('failed');
      expect(String(ps.error)).toContain("fal's safety checker flagged the image");
      expect(String(ps.error)).toContain('with 3 different seed(s); no image was delivered');
      expect(await resultsOf(w.t, flagged.id)).toHaveLength(0);
      const states = (await externalJobs(w.t, flagged.id)).map((j) => `${j.kind}:${j.state}`);
      expect(states).toEqual(['train:done', 'generate:failed', 'generate:failed', 'generate:failed']);
    } finally {
      await w.t.app.settings.patch({ processing: { maxAttempts: 2 } });
    }
  }, 180_000);

  /** Starts a photoshoot, refunds it while its training is at fal, and returns what became of it. */
  async function refundDuringTraining() {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shoot = await queuedShoot(w.t);
    const runner = new JobRunner(w.t.app, { concurrency: 1, pollMs: 100 }).start();
    try {
      const row = await until(async () => {
        const jobs = await externalJobs(w.t, shoot.id);
        return jobs.find((j) => j.state === 'pending' && !j.externalId.startsWith('local:'));
      });
      await transition(w.t.app, shoot.id, 'refunded', systemActor('payments'), 'the payment was refunded');
      await w.t.app.service(refundCancellationsKey).idle();
      await until(async () => !runner.active.includes(shoot.id) || undefined);
      const settled = await w.t.app.db.get<{ state: string; result: string }>(
        `SELECT "state", "result" FROM "_external_jobs" WHERE "id" = ?`,
        [row.id],
      );
      return { shoot, row, settled: settled!, job: w.fal.jobs.get(row.externalId)!, warn };
    } finally {
      await runner.stop(0);
    }
  }

  it('cancels a training still in fal’s queue', async () => {
    w.fal.reset({ runMs: 600_000, callbacks: 'never' });
    w.fal.queuedPolls = 1_000_000;
    const { settled, job, warn } = await refundDuringTraining();
    expect([job.cancelled, job.extra.stopped]).toEqual([true, true]);
    expect(settled.state).toBe('failed');
    expect(JSON.parse(settled.result)).toEqual({ error: 'cancelled: refunded', cancelled: true });
    expect(warn).not.toHaveBeenCalled();
  }, 60_000);

  it('does not pretend a running training was cancelled: logged, billed, its late result discarded', async () => {
    w.fal.reset({ runMs: 600_000, callbacks: 'once' });
    w.fal.queuedPolls = 0;
    const { shoot, row, settled, job, warn } = await refundDuringTraining();
    // fal was asked, but the request runs on.
    expect([job.cancelled, job.extra.stopped]).toEqual([true, undefined]);
    const note = `fal request ${row.externalId} was not cancelled: it was already running, and fal cannot stop a running request; it will be billed, and its result is discarded.`;
    expect(settled.state).toBe('failed');
    expect(JSON.parse(settled.result)).toEqual({ error: `cancelled: refunded; ${note}`, cancelled: true });
    expect(warn).toHaveBeenCalledWith(`[processing] train of photoshoot ${shoot.id}: ${note}`);
    // Its callback comes when it ends: acknowledged, and nothing changes.
    const late = await w.fal.deliver(job);
    expect([late.status, JSON.parse(late.body)]).toEqual([200, { received: true, settled: false }]);
    const after = await externalJobs(w.t, shoot.id);
    expect(after.map((j) => [j.state, j.deliveries])).toEqual([['failed', 1]]);
    expect((await photoshoot(w.t, shoot.id)).status).toBe('refunded');
    expect(await resultsOf(w.t, shoot.id)).toHaveLength(0);
  }, 60_000);
});

describe('the fal fake refuses what fal refuses', () => {
  let fal: FakeFal;
  beforeAll(async () => {
    fal = await new FakeFal().start();
  });
  afterAll(() => fal.stop());

  const submit = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fal.url}/fal-ai/flux-lora-portrait-trainer`, {
      method: 'POST',
      headers: { authorization: `Key ${FAL_KEY}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('refuses a selfie zip sent as a data URI above the limit, and input that is not a zip', async () => {
    const big = `data:application/zip;base64,${'A'.repeat(DATA_URI_LIMIT)}`;
    const res = await submit({ images_data_url: big, trigger_phrase: 'ohwx' });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('data URI too large');
    const notZip = await submit({ images_data_url: `data:application/zip;base64,${'QUJD'.repeat(10)}` });
    expect(notZip.status).toBe(422);
    expect(JSON.stringify(await notZip.json())).toContain('not a zip file');
  });

  it('answers a locked account 403 and a rate limit 429 with Retry-After, then works again', async () => {
    const zip = `data:application/zip;base64,${Buffer.from('PK\x03\x04rest').toString('base64')}`;
    fal.outOfCredit();
    fal.failNext({ status: 429, body: { detail: 'Too many requests' }, headers: { 'retry-after': '7' } });
    const locked = await submit({ images_data_url: zip });
    expect([locked.status, await locked.json()]).toEqual([403, { detail: EXHAUSTED_BALANCE }]);
    const limited = await submit({ images_data_url: zip });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await submit({ images_data_url: zip })).status).toBe(200);
  });
});

describe('fal cancel of a request that is gone or finished', () => {
  let fal: FakeFal;
  beforeAll(async () => {
    fal = await new FakeFal().start();
  });
  afterAll(() => fal.stop());

  it('stops nothing it does not need to, and never reports a finished request as cancelled', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = new FalApi(
      () => ({
        apiKey: FAL_KEY,
        trainingApp: 'fal-ai/flux-lora-portrait-trainer',
        inferenceApp: 'fal-ai/flux-lora',
      }),
      fal.url,
    );
    const rowFor = (externalId: string): ExternalJobRow => ({
      ...{ id: 'r0000000000000a', provider: 'fal', externalId, kind: 'train', jobKey: 'train:p' },
      ...{ photoshoot: 'p', token: 't', meta: { app: 'fal-ai/flux-lora-portrait-trainer' } },
      ...{ result: { state: 'pending' }, deliveries: 0, created: '', updated: '' },
    });
    // A request fal does not know cannot run or be billed.
    expect(await api.cancel(rowFor('00000000-0000-4000-8000-00000000dead'))).toBeUndefined();
    fal.reset({ runMs: 0, pollsUntilDone: 1, callbacks: 'never' });
    const zip = `data:application/zip;base64,${Buffer.from('PK\x03\x04rest').toString('base64')}`;
    const res = await fetch(`${fal.url}/fal-ai/flux-lora-portrait-trainer`, {
      method: 'POST',
      headers: { authorization: `Key ${FAL_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ images_data_url: zip }),
    });
    const { request_id } = (await res.json()) as { request_id: string };
    const before = fal.requests.length;
    expect(await api.cancel(rowFor(request_id))).toBe(
      `fal request ${request_id} was not cancelled: it had already finished; it will be billed, and its result is discarded.`,
    );
    // It read the state and did not ask fal to cancel a finished request.
    expect(fal.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
    expect(fal.jobs.get(request_id)!.cancelled).toBe(false);
  });
});

describe('fal webhook keys and signatures', () => {
  let fal: FakeFal;
  beforeAll(async () => {
    fal = await new FakeFal().start();
  });
  afterAll(() => fal.stop());

  it('caches the key set, refetches it at a bounded rate when a signature fails, and when old', async () => {
    let now = 1_000_000;
    const jwks = new FalJwks(`${fal.url}/.well-known/jwks.json`, () => now);
    const body = Buffer.from('{"request_id":"r1","status":"OK","payload":{}}');
    const headersOf = () => readSignedHeaders(fal.signedHeaders(body.toString(), 'r1'))!;
    expect(signatureMatches(headersOf(), body, await jwks.current())).toBe(true);
    expect(signatureMatches(headersOf(), body, await jwks.current())).toBe(true);
    expect(fal.jwksFetches).toBe(1);

    fal.rotateKey();
    expect(signatureMatches(headersOf(), body, await jwks.current())).toBe(false);
    now += 10_000;
    // A failing signature may not make us fetch again so soon (forgeries cannot hammer fal).
    expect(await jwks.refreshed()).toBeNull();
    now += 60_000;
    expect(signatureMatches(headersOf(), body, (await jwks.refreshed())!)).toBe(true);
    expect(fal.jwksFetches).toBe(2);
    now += 13 * 3600_000;
    await jwks.current();
    expect(fal.jwksFetches).toBe(3);
  });

  it('covers the body, the request id and the time', async () => {
    const keys = await new FalJwks(`${fal.url}/.well-known/jwks.json`).current();
    const body = Buffer.from('{"request_id":"r2"}');
    const h = readSignedHeaders(fal.signedHeaders(body.toString(), 'r2'))!;
    expect(signatureMatches(h, body, keys)).toBe(true);
    expect(signatureMatches(h, Buffer.from('{"request_id":"r3"}'), keys)).toBe(false);
    expect(signatureMatches({ ...h, requestId: 'r3' }, body, keys)).toBe(false);
    expect(signatureMatches({ ...h, userId: 'someone-else' }, body, keys)).toBe(false);
    const now = Number(h.timestamp);
    expect([isFresh(h.timestamp, now + 300), isFresh(h.timestamp, now + 301)]).toEqual([true, false]);
    expect(isFresh(h.timestamp, now - 301)).toBe(false);
    expect(readSignedHeaders({ ...fal.signedHeaders('{}', 'r2'), 'x-fal-webhook-signature': '' })).toBeNull();
  });
});

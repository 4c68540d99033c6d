/**
 * The Astria fake refuses what Astria refuses (sources in support/fake-astria*.ts), so the adapter
 * tests prove something: the auth scheme, Flux/SDXL tunes without a base tune, prompts on the wrong
 * tune or without the LoRA tag, request bodies over the 30 s limit, and the 402/429 answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASTRIA_KEY, FakeAstria, MAX_REQUEST_BYTES } from './support/fake-astria.js';

const auth = { authorization: `Bearer ${ASTRIA_KEY}` };

function tuneForm(fields: Record<string, string>, images = 1): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(`tune[${k}]`, v);
  for (let i = 0; i < images; i++)
    form.append(
      'tune[images][]',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, i])], { type: 'image/jpeg' }),
      `${i}.jpg`,
    );
  return form;
}

const FLUX = {
  name: 'woman',
  branch: 'flux1',
  base_tune_id: '1504944',
  model_type: 'lora',
  preset: 'flux-lora-portrait',
};

describe('the Astria fake', () => {
  let fake: FakeAstria;
  beforeAll(async () => {
    fake = await new FakeAstria().start();
  });
  afterAll(() => fake.stop());

  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${fake.url}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
  };
  const tune = (fields: Record<string, string>) => call('/tunes', { method: 'POST', body: tuneForm(fields) });
  const prompt = (tuneId: string | number, p: Record<string, unknown>) =>
    call(`/tunes/${tuneId}/prompts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: p }),
    });

  it('wants Authorization: Bearer', async () => {
    const res = await fetch(`${fake.url}/tunes`, { headers: { authorization: `Key ${ASTRIA_KEY}` } });
    expect(res.status).toBe(401);
    expect((await call('/tunes')).status).toBe(200);
  });

  it('refuses Flux and SDXL tunes without a base tune, and Flux ones that are not LoRAs', async () => {
    const noBase = await tune({ title: 'a', name: 'woman', branch: 'flux1', model_type: 'lora' });
    expect(noBase.status).toBe(422);
    expect(noBase.body).toHaveProperty('base_tune_id');
    expect((await tune({ title: 'b', name: 'man', branch: 'sdxl1' })).status).toBe(422);
    expect((await tune({ title: 'c', ...FLUX, model_type: '' })).status).toBe(422);
    expect((await tune({ title: 'd', ...FLUX, base_tune_id: '666678' })).status).toBe(422);
    expect(
      (await call('/tunes', { method: 'POST', body: tuneForm({ title: 'e', ...FLUX }, 0) })).status,
    ).toBe(422);
    expect((await tune({ title: 'f', ...FLUX })).status).toBe(201);
  });

  it('refuses prompts on a LoRA tune, base-tune prompts without a LoRA tag, Flux negatives and lone inpainting', async () => {
    fake.reset({ runMs: 0 });
    const lora = (await tune({ title: 'g', ...FLUX })).body as { id: number };
    const ok = {
      text: `<lora:${lora.id}:1> ohwx woman`,
      num_images: 1,
      super_resolution: true,
      inpaint_faces: true,
    };
    expect((await prompt(lora.id, { ...ok, text: 'ohwx woman' })).status).toBe(422);
    expect((await prompt(1504944, { ...ok, text: 'ohwx woman' })).status).toBe(422);
    expect((await prompt(1504944, { ...ok, text: '<lora:999999:1> ohwx woman' })).status).toBe(422);
    expect((await prompt(666678, ok)).status).toBe(422);
    expect((await prompt(1504944, { ...ok, negative_prompt: 'blurry' })).status).toBe(422);
    expect((await prompt(1504944, { ...ok, super_resolution: false })).status).toBe(422);
    expect((await prompt(1504944, { ...ok, num_images: 9 })).status).toBe(422);
    expect((await prompt(1504944, { ...ok, w: 900 })).status).toBe(422);
    expect((await prompt(1504944, ok)).status).toBe(201);
  });

  it('answers 504 to a request over the 30 s limit and makes nothing of it', async () => {
    const before = fake.tuneForms.length;
    const form = tuneForm({ title: 'h', ...FLUX });
    form.append(
      'tune[images][]',
      new Blob([new Uint8Array(MAX_REQUEST_BYTES)], { type: 'image/jpeg' }),
      'big.jpg',
    );
    const res = await fetch(`${fake.url}/tunes`, { method: 'POST', headers: auth, body: form });
    expect(res.status).toBe(504);
    await res.body?.cancel();
    expect(fake.tuneForms.length).toBe(before);
  });

  it('makes a second tune for a repeated title unless the account switched idempotency on', async () => {
    fake.reset();
    const first = (await tune({ title: 'same', ...FLUX })).body as { id: number };
    const second = (await tune({ title: 'same', ...FLUX })).body as { id: number };
    expect(second.id).not.toBe(first.id);
    fake.idempotency = true;
    expect(((await tune({ title: 'same', ...FLUX })).body as { id: number }).id).toBe(first.id);
  });

  it('produces 402 and 429 with Retry-After, and pages its lists as documented', async () => {
    fake.reset();
    fake.refusals = [
      { status: 402, on: 'train' },
      { status: 429, on: 'poll', retryAfter: 7 },
    ];
    expect((await tune({ title: 'i', ...FLUX })).status).toBe(402);
    const made = (await tune({ title: 'i', ...FLUX })).body as { id: number };
    const throttled = await call(`/tunes/${made.id}`);
    expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await call(`/tunes/${made.id}`)).status).toBe(200);
    expect((await call('/tunes?offset=201')).status).toBe(400);
    const page = (await call(`/tunes?limit=1&before_id=${made.id}`)).body as { id: number }[];
    expect(page).toHaveLength(1);
    expect(page[0]!.id).toBeLessThan(made.id);
  });
});

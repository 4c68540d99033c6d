/**
 * The privacy mode the public config states: `local` only while every configured provider runs
 * on the operator's own machines (studio engine or ComfyUI) and no hosted service has a key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';

describe.each(engines)('privacy mode in the public config (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t?.close());

  const config = async () =>
    (await t.client().send('/api/public/config', {})) as { privacy: string; engine: { provider: string } };

  it('is local with the studio engine or ComfyUI, hosted once a hosted provider is chosen or keyed', async () => {
    expect(await config()).toMatchObject({ privacy: 'local', engine: { provider: 'studio' } });
    await t.app.settings.patch({ processing: { provider: 'comfyui' } });
    expect(await config()).toMatchObject({ privacy: 'local', engine: { provider: 'comfyui' } });
    // A key for a hosted service: photos could go there, so nothing local is promised.
    await t.app.settings.patch({ processing: { fal: { apiKey: 'fal-key-1' } } });
    expect((await config()).privacy).toBe('hosted');
    await t.app.settings.patch({ processing: { provider: 'fal' } });
    expect((await config()).privacy).toBe('hosted');
    await t.app.settings.patch({ processing: { provider: 'studio', fal: { apiKey: null } } });
    expect((await config()).privacy).toBe('local');
    // The key itself never appears in the public answer.
    expect(JSON.stringify(await config())).not.toContain('fal-key-1');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { expectErrorBody } from '../support/errors.js';
import { stylePreviewRendererKey } from '../../src/modules/catalog/style-preview-renderer.js';
import { PoolFullError } from '../../src/tools/worker-pool.js';

describe.each(engines)('a full preview render queue (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After and words, not 500', async () => {
    const su = await t.superuser();
    const [style] = await su.collection('styles').getFullList({ sort: 'sortOrder' });
    // note: the renderer's own worker pool refuses a render past its queue with PoolFullError; this
    // stands in for twelve renders at once without spending a minute of CPU on them.
    const renderer = t.app.service(stylePreviewRendererKey);
    renderer.render = () => Promise.reject(new PoolFullError('the queue is full'));
    const res = await fetch(`${t.url}/api/admin/styles/${style!.id}/render-preview`, {
      method: 'POST',
      headers: { authorization: su.authStore.token },
    });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expectErrorBody(await res.json(), 503, 'Other previews are being rendered. Try again in 10 seconds.');
  });
});

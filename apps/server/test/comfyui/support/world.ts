/**
 * A server on one engine with the ComfyUI provider selected, two fake ComfyUI servers in its
 * settings and the bundled PhotoMaker example as the default workflow.
 */
import { readFileSync } from 'node:fs';
import { startServer, type Engine, type TestServer } from '../../support/harness.js';
import type { ComfyWorkflow } from '../../../src/modules/comfyui/workflow.js';
import { FakeComfyUI } from './fake-comfyui.js';

export const EXAMPLE: ComfyWorkflow = JSON.parse(
  readFileSync(new URL('../../../../../docs/comfyui/photomaker-sdxl.workflow.json', import.meta.url), 'utf8'),
) as ComfyWorkflow;

export function example(): ComfyWorkflow {
  return structuredClone(EXAMPLE);
}

export type ComfyWorld = { t: TestServer; a: FakeComfyUI; b: FakeComfyUI; close(): Promise<void> };

export async function useServers(t: TestServer, ...fakes: FakeComfyUI[]): Promise<void> {
  await t.app.settings.patch({
    comfyui: {
      servers: fakes.map((f, i) => ({ name: `gpu-${i + 1}`, url: f.url, authHeader: '', authValue: '' })),
    },
  });
}

export async function startComfyWorld(engine: Engine): Promise<ComfyWorld> {
  const [a, b] = await Promise.all([new FakeComfyUI().start(), new FakeComfyUI().start()]);
  const t = await startServer({ engine });
  await t.app.settings.patch({
    processing: {
      provider: 'comfyui',
      uploadChecks: false,
      reviewRequired: false,
      leaseSeconds: 30,
      retryBaseSeconds: 0,
      maxAttempts: 2,
    },
    comfyui: { workflows: [EXAMPLE], defaultWorkflow: EXAMPLE.name, pollSeconds: 1 },
  });
  await useServers(t, a, b);
  return {
    t,
    a,
    b,
    async close() {
      await t.close();
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}

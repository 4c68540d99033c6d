/**
 * Memory: the heavy models (Human's face models on tfjs-wasm, onnxruntime for ISNet)
 * cost hundreds of MB per thread, so none is loaded when the App opens: no check, likeness or
 * studio thread exists until there is work for it, the models load inside those threads only
 * (never on the request thread), and the first check after start still gets its verdict.
 */
import { uploadChecksKey } from '../../src/modules/analysis/upload-checks.js';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceThreads } from '../../src/modules/analysis/face-threads.js';
import { acquireEmbedder } from '../../src/modules/processing/likeness/embedder.js';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';
import { StudioPool } from '../../src/modules/processing/studio/studio-pool.js';
import { TEST_LONG_SIDE } from '../../src/modules/processing/studio/studio-provider.js';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { astronautSelfies } from '../e2e/support.js';
import { verdictWatcher } from './support/verdicts.js';

const require = createRequire(import.meta.url);
const ASTRONAUT = new URL('../../assets/samples/astronaut.png', import.meta.url).pathname;

/** Heavy model runtimes loaded into this thread's module registry (where the App runs). */
function heavyModulesHere(): string[] {
  return Object.keys(require.cache).filter((k) =>
    /@vladmandic[/\\]human|onnxruntime-node|tfjs-backend-wasm/.test(k),
  );
}

describe.each(engines)('heavy models load on demand, in worker threads only (%s)', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens with no check or likeness thread and no model, then checks the first upload', async () => {
    expect(t.app.service(uploadChecksKey).threads).toBe(0);
    expect(faceThreads()).toBe(0);
    expect(heavyModulesHere()).toEqual([]);

    const { pb, id } = await t.user();
    const shoot = await pb.collection('photoshoots').create({ user: id });
    const verdicts = await verdictWatcher(pb, id);
    try {
      const [selfie] = await astronautSelfies();
      const v = await verdicts.upload(shoot.id, selfie!, 120_000);
      expect(v.qc).toBe('accepted');
      expect(v.faceCount).toBe(1);
    } finally {
      await verdicts.stop();
    }
    // The check ran in a thread of its own; the request thread never loaded the models.
    expect(t.app.service(uploadChecksKey).threads).toBe(1);
    expect(heavyModulesHere()).toEqual([]);

    // Likeness scoring sends its work to that same thread: one copy of the face models.
    const embedder = acquireEmbedder();
    try {
      const [selfie] = await astronautSelfies();
      const face = await embedder.embed(selfie!.bytes);
      expect(face.faces).toBe(1);
      expect(face.embedding).toHaveLength(1024);
      expect(faceThreads()).toBe(1);
    } finally {
      embedder.release();
    }
  }, 120_000);
});

describe('the studio engine', () => {
  const pool = new StudioPool({ size: 2 });
  afterAll(() => pool.close());

  it('starts a thread (and loads its models) on the first render, not before', async () => {
    expect(pool.threads).toBe(0);
    const photo = await sharp(ASTRONAUT).resize(1024, 1024).jpeg().toBuffer();
    const out = await pool.render({
      photoKey: 'astronaut',
      photo,
      look: STYLE_SEEDS[0]!,
      seed: 'on-demand',
      longSide: TEST_LONG_SIDE,
    });
    expect(Math.max(out.width, out.height)).toBe(TEST_LONG_SIDE);
    expect(pool.threads).toBe(1);
    expect(heavyModulesHere()).toEqual([]);
  }, 180_000);
});

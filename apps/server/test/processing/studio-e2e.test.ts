/**
 * The whole path through the real studio engine (worker threads, Human, sharp): a queued paid
 * photoshoot becomes results with real full-resolution JPEGs, then (review off) completed.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey } from '../../src/core/files/storage.js';
import { engines, imageWorkOn, startServer, type TestServer } from '../support/harness.js';
import { photoshoot, queuedShoot, resultsOf, runner, testSettings } from './support.js';

// Twelve 2048 px renders: image work, on one engine (see imageWorkOn).
describe.each(engines.filter(imageWorkOn))('studio engine end to end (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
    await testSettings(t);
  });
  afterAll(() => t.close());

  it('renders every style × variant as a JPEG of at least 2048 px and completes', async () => {
    const shoot = await queuedShoot(t, { styles: 2, images: 2, photos: 2, isTest: false, side: 1024 });
    const r = runner(t);
    try {
      expect(await r.runOnce()).toBe(true);
    } finally {
      await r.stop();
    }
    const ps = await photoshoot(t, shoot.id);
    expect(ps.status).toBe('completed');
    expect(ps.progress).toBe(100);
    expect(ps.attempts).toBe(1);
    const results = await resultsOf(t, shoot.id);
    expect(results.map((r) => `${r.style}:${r.variant}`).sort()).toEqual(
      shoot.styles.flatMap((s) => [`${s}:0`, `${s}:1`]).sort(),
    );
    const collection = t.app.registry.require('results');
    for (const result of results) {
      expect(result.review).toBe('approved');
      expect(result.released).toBe(true);
      expect(shoot.photos).toContain(result.sourcePhoto);
      const bytes = await t.app.storage.readBuffer(
        fileKey(collection.id, String(result.id), String(result.file)),
      );
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(2048);
      expect([meta.width, meta.height]).toEqual([result.width, result.height]);
    }
    // Two variants of one style differ: another accepted photo, the key light's side and the framing.
    for (const style of shoot.styles) {
      const [a, b] = results.filter((r) => r.style === style);
      expect(a!.params).not.toEqual(b!.params);
      expect(a!.sourcePhoto).not.toBe(b!.sourcePhoto);
      const side = (r: typeof a) => (r!.params as { lightSide: number }).lightSide;
      expect([side(a), side(b)].sort()).toEqual([-1, 1]);
      // And one is framed wider than the other (variant 1 of each style).
      const frame = (r: typeof a) => (r!.params as { crop: { height: number } }).crop.height;
      const [tight, wide] = a!.variant === 0 ? [a, b] : [b, a];
      expect((wide!.params as { wider: boolean }).wider).toBe(true);
      expect(frame(wide) / frame(tight)).toBeGreaterThan(1.1);
    }
  }, 360_000);
});

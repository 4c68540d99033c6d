/**
 * Memory: a burst of uploads must not sit on the request thread's heap while the first
 * photos are analysed. A check reads the photo's bytes (and copies them for the thread) only when
 * a check thread is about to be free, so at most `checks.workers` photos are held at once; the
 * others wait as ids and are all checked in the end.
 */
import { uploadChecksKey } from '../../src/modules/analysis/upload-checks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { astronautSelfies } from '../e2e/support.js';

describe.each(engines)('upload-check backlog (%s)', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads one photo per check thread at a time, and still checks every photo', async () => {
    const admin = await t.superuser();
    await admin.settings.update({ processing: { checks: { workers: 1 } } });
    let read = 0;
    let judged = 0;
    let mostHeld = 0;
    const off = t.app.events.on('original_photos', 'update', (e) => {
      if (e.record.qc !== 'pending') judged++;
    });
    const originals = t.app.registry.require('original_photos').id;
    const storage = t.app.storage;
    const readBuffer = storage.readBuffer.bind(storage);
    storage.readBuffer = (key: string) => {
      if (key.includes(originals)) {
        read++;
        mostHeld = Math.max(mostHeld, read - judged);
      }
      return readBuffer(key);
    };
    try {
      const { pb, id } = await t.user();
      const shoot = await pb.collection('photoshoots').create({ user: id });
      const photos = await astronautSelfies();
      // All uploads land before the first check can finish (its thread is still loading models).
      const created = await Promise.all(
        photos.map((p) =>
          pb.collection('original_photos').create({
            photoshoot: shoot.id,
            user: id,
            file: new File([new Uint8Array(p.bytes)], p.name, { type: p.type }),
          }),
        ),
      );
      await t.app.service(uploadChecksKey).idle();
      const rows = await pb
        .collection('original_photos')
        .getFullList({ filter: `photoshoot = '${shoot.id}'` });
      expect(rows).toHaveLength(created.length);
      expect(rows.every((r) => r.qc !== 'pending')).toBe(true);
      expect(read).toBeGreaterThanOrEqual(created.length);
      expect(mostHeld).toBe(1);
    } finally {
      off();
      storage.readBuffer = readBuffer;
    }
  }, 240_000);
});

/**
 * The end-to-end test's customer side: selfies made from the committed astronaut portrait that the
 * real upload checks accept as six different photos of one person, and a realtime watch on one
 * photoshoot that records every update the owner receives (status, progress) and waits on them.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import sharp, { type Sharp } from 'sharp';
import type { TestImage } from '../analysis/support/images.js';

const ASTRONAUT = new URL('../../assets/samples/astronaut.png', import.meta.url).pathname;

const jpeg = async (name: string, pipeline: Sharp): Promise<TestImage> => ({
  name: `${name}.jpg`,
  bytes: await pipeline.jpeg({ quality: 90 }).toBuffer(),
  type: 'image/jpeg',
});

/**
 * Six JPEGs of the astronaut: framings, mirror images and colour casts far enough apart (dHash and
 * pHash distances above the duplicate threshold) to count as distinct photos, each with one large,
 * frontal, sharp face.
 */
export async function astronautSelfies(): Promise<TestImage[]> {
  const src = () => sharp(ASTRONAUT);
  const closeUp = { left: 120, top: 20, width: 240, height: 300 };
  return Promise.all([
    jpeg('full', src().resize(1024, 1024)),
    jpeg('mirrored', src().resize(1024, 1024).flop()),
    jpeg('close-up', src().extract(closeUp).resize(640, 800)),
    jpeg('close-up-mirrored', src().extract(closeUp).resize(640, 800).flop()),
    jpeg(
      'portrait-left',
      src()
        .extract({ left: 40, top: 0, width: 380, height: 512 })
        .resize(760, 1024)
        .modulate({ brightness: 1.05, saturation: 0.8 }),
    ),
    jpeg(
      'portrait-right-mirrored',
      src()
        .extract({ left: 110, top: 0, width: 380, height: 512 })
        .resize(760, 1024)
        .flop()
        .modulate({ hue: 20 }),
    ),
  ]);
}

export type ShootEvent = { status: string; progress: number; stage: string; error: string };

/** The owner's realtime view of photoshoot `id`: every update, in the order it arrived. */
export async function watchPhotoshoot(pb: PocketBase, id: string) {
  const events: ShootEvent[] = [];
  const unsubscribe = await pb.collection('photoshoots').subscribe<RecordModel>(id, (e) => {
    const r = e.record;
    events.push({
      status: String(r.status),
      progress: Number(r.progress),
      stage: String(r.stage ?? ''),
      error: String(r.error ?? ''),
    });
  });
  return {
    events,
    /**
     * Resolves with the index of the first event from `from` on with `status` (and `progress`,
     * when given). Fails at once when the photoshoot fails, and after `ms` with where it got to.
     */
    async until(status: string, from: number, ms: number, progress?: number): Promise<number> {
      const end = Date.now() + ms;
      for (;;) {
        for (let i = from; i < events.length; i++) {
          const e = events[i]!;
          if (e.status === status && (progress === undefined || e.progress === progress)) return i;
          if (events[i]!.status === 'failed') throw new Error(`the photoshoot failed: ${events[i]!.error}`);
        }
        if (Date.now() > end) {
          const now = await pb.collection('photoshoots').getOne(id);
          throw new Error(
            `no "${status}" within ${ms} ms; it is ${now.status} (${now.stage}, ${now.progress}%) ${now.error ?? ''}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: unsubscribe,
  };
}

/** The file of a result as its owner downloads it through the SDK (protected: with a file token). */
export async function resultFile(pb: PocketBase, record: RecordModel): Promise<Buffer> {
  const token = await pb.files.getToken();
  const res = await fetch(pb.files.getURL(record, String(record.file), { token }));
  if (res.status !== 200) throw new Error(`result file ${record.id}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

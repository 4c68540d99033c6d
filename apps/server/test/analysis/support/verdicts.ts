/** Uploads through the SDK and waits for the upload checks' verdict, as the upload page does: realtime. */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestImage } from './images.js';

export type Verdict = RecordModel & {
  qc: string;
  qcReasons: { code: string; message: string }[] | null;
  faceCount: number;
  width: number;
  height: number;
};

/** Subscribes to the caller's photos; `upload` resolves with the record once it left `pending`. */
export async function verdictWatcher(pb: PocketBase, userId: string) {
  const seen = new Map<string, Verdict>();
  const waiters = new Map<string, (v: Verdict) => void>();
  const unsubscribe = await pb.collection('original_photos').subscribe<Verdict>('*', (e) => {
    if (e.action !== 'update' || e.record.qc === 'pending') return;
    seen.set(e.record.id, e.record);
    waiters.get(e.record.id)?.(e.record);
  });
  return {
    async upload(photoshoot: string, image: TestImage, timeoutMs = 30_000): Promise<Verdict> {
      const file = new File([new Uint8Array(image.bytes)], image.name, { type: image.type });
      const rec = await pb.collection('original_photos').create<Verdict>({ photoshoot, user: userId, file });
      if (rec.qc !== 'pending') throw new Error(`a new photo should start pending, got ${rec.qc}`);
      const got = seen.get(rec.id);
      if (got) return got;
      return new Promise<Verdict>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no verdict for ${image.name} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.set(rec.id, (v) => {
          clearTimeout(timer);
          resolve(v);
        });
      });
    },
    stop: unsubscribe,
  };
}

export const codes = (v: Verdict) => (v.qcReasons ?? []).map((r) => r.code).sort();

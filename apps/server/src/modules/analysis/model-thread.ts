/**
 * What a thread that runs the image models (face-worker.ts, people-worker.ts) sets up before its
 * first task, and how it holds its models.
 */
import { setPriority } from 'node:os';
import sharp from 'sharp';

/**
 * Lowers this thread's priority and gives its decodes one libvips thread. On Linux the nice value
 * is per thread, so only this thread (where the wasm inference runs) yields: when cores are short,
 * the request event loop wins, and one check never takes both cores from the API. Elsewhere the
 * priority may be refused; the work still runs.
 */
export function settleModelThread(): void {
  try {
    setPriority(10);
  } catch {
    // note: not permitted or not supported; the work still runs, at normal priority.
  }
  sharp.concurrency(1);
}

/** Models loaded on their first use; a failed load is retried by the next use, not kept. */
export function lazyModels<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

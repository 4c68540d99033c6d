/**
 * The job runner's wait on a pending job (run-job.ts `generateOne`). A provider with a wake-up of
 * its own waits by it (a hosted provider on its `_external_jobs` row, so a webhook ends the wait at
 * once and polling is only the backstop: a fixed pause before it would add that pause to every
 * image even when the webhook came first). Any other provider is asked for its status after a pause.
 */
import { setTimeout as wait } from 'node:timers/promises';
import type { ExternalJob, GenerateOutcome, GenerationProvider } from './providers/types.js';

const DEFAULT_POLL_MS = 5000;

export async function awaitExternalOutcome(
  provider: GenerationProvider,
  job: ExternalJob,
  signal?: AbortSignal,
  pollIntervalMs?: number,
): Promise<GenerateOutcome> {
  if (provider.awaitOutcome) return provider.awaitOutcome(job, signal, pollIntervalMs);
  await wait(pollIntervalMs ?? DEFAULT_POLL_MS, undefined, { signal }).catch((err: unknown) => {
    signal?.throwIfAborted();
    throw err;
  });
  return provider.status(job);
}

/**
 * The job runner's wait on a pending hosted job (run-job.ts `generateOne`): a hosted provider
 * waits on its `_external_jobs` row, so a webhook ends the wait at once and polling is only the
 * backstop; any other provider is asked for its status as before.
 */
import type { App } from '../../core/app.js';
import type { ExternalJob, GenerateOutcome, GenerationProvider } from '../processing/providers/types.js';
import { HostedProvider } from './hosted-provider.js';

export function awaitExternalOutcome(
  _app: App,
  provider: GenerationProvider,
  job: ExternalJob,
  signal?: AbortSignal,
  pollIntervalMs?: number,
): Promise<GenerateOutcome> {
  if (provider instanceof HostedProvider) return provider.settle(job, signal, pollIntervalMs);
  return provider.status(job);
}

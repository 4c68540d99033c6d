/**
 * The provider a job runs on, per `processing.provider`. Only the offline studio engine is built
 * in; the hosted-providers module registers its adapters here when it is listed (they implement ./types.ts).
 */
import type { App } from '../../../core/app.js';
import { ServiceKey } from '../../../core/service-key.js';
import { StudioProvider } from '../studio/studio-provider.js';
import type { GenerationProvider } from './types.js';

export type ProviderOptions = {
  /** Studio worker threads (one render each at a time). */
  threads: number;
};

export type ProviderFactory = (app: App, opts: ProviderOptions) => GenerationProvider;

const providersKey = new ServiceKey<Map<string, ProviderFactory>>('generation providers');

function factoriesOf(app: App): Map<string, ProviderFactory> {
  return app.shared(
    providersKey,
    () =>
      new Map<string, ProviderFactory>([
        ['studio', (a, opts) => new StudioProvider({ size: opts.threads, dataDir: a.dataDir })],
      ]),
  );
}

/** Adds (or replaces) a provider implementation under `name` on `app`. */
export function registerProvider(app: App, name: string, factory: ProviderFactory): void {
  factoriesOf(app).set(name, factory);
}

export function providerFactory(app: App, name: string): ProviderFactory | undefined {
  return factoriesOf(app).get(name);
}

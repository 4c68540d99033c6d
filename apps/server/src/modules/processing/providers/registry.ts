/**
 * The provider a job runs on, per `processing.provider`. Only the offline studio engine is built
 * in; the hosted-providers module registers its adapters here when it is listed (they implement ./types.ts).
 */
import type { App } from '../../../core/app.js';
import { StudioProvider } from '../studio/studio-provider.js';
import type { GenerationProvider } from './types.js';

export type ProviderOptions = {
  /** Studio worker threads (one render each at a time). */
  threads: number;
};

export type ProviderFactory = (app: App, opts: ProviderOptions) => GenerationProvider;

const factories = new Map<string, ProviderFactory>([
  ['studio', (app, opts) => new StudioProvider({ size: opts.threads, dataDir: app.dataDir })],
]);

/** Adds (or replaces) a provider implementation under `name`. */
export function registerProvider(name: string, factory: ProviderFactory): void {
  factories.set(name, factory);
}

export function providerFactory(name: string): ProviderFactory | undefined {
  return factories.get(name);
}

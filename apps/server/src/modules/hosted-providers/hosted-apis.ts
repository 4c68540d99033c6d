/**
 * One adapter per provider per App, shared by the job runner and the webhook route (Replicate
 * caches its webhook secret). Base URLs come from `AppOptions.providerApis` (tests: local fakes)
 * and never from settings.
 */
import type { App } from '../../core/app.js';
import { AstriaApi } from './astria/astria-api.js';
import { FalApi } from './fal/fal-api.js';
import type { HostedApi, HostedName } from './hosted-api.js';
import { ReplicateApi } from './replicate/replicate-api.js';

export const HOSTED_NAMES: readonly HostedName[] = ['fal', 'replicate', 'astria'];

export type ProviderApiTargets = { fal?: string; replicate?: string; astria?: string };

const cache = new WeakMap<App, Map<HostedName, HostedApi>>();

function build(app: App, name: HostedName): HostedApi {
  const base = app.options.providerApis?.[name];
  const processing = () => app.settings.get().processing;
  if (name === 'fal') return new FalApi(() => processing().fal, base);
  if (name === 'replicate') return new ReplicateApi(() => processing().replicate, base);
  return new AstriaApi(() => processing().astria, base);
}

export function isHostedName(name: string): name is HostedName {
  return (HOSTED_NAMES as readonly string[]).includes(name);
}

export function hostedApi(app: App, name: HostedName): HostedApi {
  let apis = cache.get(app);
  if (!apis) cache.set(app, (apis = new Map()));
  let api = apis.get(name);
  if (!api) apis.set(name, (api = build(app, name)));
  return api;
}

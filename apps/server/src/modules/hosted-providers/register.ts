/** The hosted providers as job-runner provider factories (see ../processing/providers/registry.ts). */
import type { ProviderFactory } from '../processing/providers/registry.js';
import { hostedApi, HOSTED_NAMES } from './hosted-apis.js';
import { HostedProvider } from './hosted-provider.js';

export const hostedProviderFactories: [string, ProviderFactory][] = HOSTED_NAMES.map((name) => [
  name,
  (app) => new HostedProvider(app, hostedApi(app, name)),
]);

/** Hosted generation providers (fal, Replicate, Astria) on the processing seam (decision 013). */
import type { HttpModule } from '../../apis/http-module.js';
import { RefundCancellations, refundCancellationsKey } from './cancel-on-refund.js';
import { createExternalJobsTable } from './external-jobs-migration.js';
import { forgetOldJobs } from './external-jobs.js';
import type { ProviderApiTargets } from './hosted-apis.js';
import { bindAdminTestConnectionApi } from './http/admin-test-connection.js';
import { bindProcessingWebhooksApi } from './http/processing-webhooks.js';
import { registerProvider } from '../processing/providers/registry.js';
import { hostedProviderFactories } from './register.js';
import { hostedSettingsSection } from './hosted-settings.js';

declare module '../../core/app.js' {
  interface ModuleOptions {
    /** Base URLs of the hosted generation providers (tests: local fakes of their APIs); their real APIs otherwise. */
    providerApis?: ProviderApiTargets;
  }
}

export const hostedProvidersModule: HttpModule = {
  name: 'hosted-providers',
  // Its keys and polling are fields of the `processing` section (hosted-settings.ts).
  settings: hostedSettingsSection,
  // Jobs submitted to hosted generation providers (decision 013); internal like `_otps`.
  migrations: [{ id: '0013_external_jobs', up: createExternalJobsTable }],
  register(app) {
    for (const [name, factory] of hostedProviderFactories) registerProvider(app, name, factory);
    // Every provider whose jobs run outside the process (here and the comfyui module) is stopped
    // through its own cancel when a photoshoot is refunded.
    const cancels = app.provide(refundCancellationsKey, new RefundCancellations(app));
    app.onClose(() => cancels.close());
    // Job rows hold per-job tokens and the providers' output URLs: forgotten on photo retention's beat.
    app.crons.add('__externalJobsRetention__', '23 * * * *', async () => {
      await forgetOldJobs(app.db);
    });
  },
  routes: bindProcessingWebhooksApi,
  adminRoutes: bindAdminTestConnectionApi,
};

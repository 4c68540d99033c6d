/**
 * The product: every module, written once (decision 020). `App.open` registers their collections,
 * settings, hooks, listeners and crons in this order; the HTTP layer binds their routes. Adding an
 * area is a folder under `modules/` and one line here.
 */
import type { HttpModule } from './apis/http-module.js';
import { adminModule } from './modules/admin/index.js';
import { analysisModule } from './modules/analysis/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { comfyuiModule } from './modules/comfyui/index.js';
import { contactModule } from './modules/contact/index.js';
import { deliveryModule } from './modules/delivery/index.js';
import { hostedProvidersModule } from './modules/hosted-providers/index.js';
import { integrationsModule } from './modules/integrations/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { photoshootsModule } from './modules/photoshoots/index.js';
import { processingModule } from './modules/processing/index.js';
import { teamsModule } from './modules/teams/index.js';

export const modules: readonly HttpModule[] = [
  catalogModule,
  teamsModule,
  photoshootsModule,
  paymentsModule,
  analysisModule,
  processingModule,
  hostedProvidersModule,
  comfyuiModule,
  deliveryModule,
  contactModule,
  integrationsModule,
  adminModule,
];

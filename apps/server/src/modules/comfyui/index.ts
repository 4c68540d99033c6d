/**
 * Generation on the operator's own ComfyUI servers (decision 032): the `comfyui` provider on the
 * processing seam, its settings section (servers, workflows, style → workflow) and the admin
 * routes to validate a workflow and test the servers.
 */
import type { HttpModule } from '../../apis/http-module.js';
import { registerProvider } from '../processing/providers/registry.js';
import { ComfyuiProvider } from './comfyui-provider.js';
import { comfyuiSettingsSection } from './comfyui-settings.js';
import { bindAdminComfyuiApi } from './http/admin-comfyui.js';
import { PROVIDER } from './run-row.js';

export const comfyuiModule: HttpModule = {
  name: 'comfyui',
  settings: comfyuiSettingsSection,
  register(app) {
    // A refund stops its runs through the provider's cancel (hosted-providers/cancel-on-refund.ts).
    registerProvider(app, PROVIDER, (a) => new ComfyuiProvider(a));
  },
  adminRoutes: bindAdminComfyuiApi,
};

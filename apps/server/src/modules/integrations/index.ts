/**
 * Third-party integrations of the public pages: a support chat widget and page-view
 * analytics. The settings section holds the operator's choice; `/api/public/config` hands the
 * public ids to the web app; the pages' Content-Security-Policy allows exactly their hosts.
 */
import type { HttpModule } from '../../apis/http-module.js';
import { mergeCspSources } from '../../apis/web-security-headers.js';
import { integrationSources } from './http/integration-sources.js';
import { integrationsSettingsSection } from './integrations-settings.js';

export const integrationsModule: HttpModule = {
  name: 'integrations',
  settings: integrationsSettingsSection,
  cspSources: (app) => mergeCspSources(integrationSources(app.settings.get().integrations)),
};

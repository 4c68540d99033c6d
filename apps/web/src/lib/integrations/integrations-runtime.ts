/**
 * The lazy half of the integrations (see start-integrations.ts): reads which providers the
 * operator configured, loads each one's script once, counts page views itself (the tags' own
 * automatic tracking is off, so a back-office path is never sent) and hides the chat in the back
 * office.
 */
import type { PublicIntegrations } from '@photoshoot/contract';
import { fetchPublicConfig } from '../../shared/public-catalog-api';
import { trackPageView } from './analytics-tags';
import { showChat } from './chat-widgets';
import { isAdminPath, type IntegrationsRuntime } from './start-integrations';

const loadIntegrations = async (): Promise<PublicIntegrations> => (await fetchPublicConfig()).integrations;

export function createIntegrationsRuntime(load = loadIntegrations): IntegrationsRuntime {
  let config: Promise<PublicIntegrations | null> | null = null;
  let lastCounted: string | null = null;
  return {
    async visit(pathname) {
      // A failed read is retried on the next navigation; until then nothing loads.
      config ??= load().catch(() => {
        config = null;
        return null;
      });
      const integrations = await config;
      if (!integrations) return;
      const admin = isAdminPath(pathname);
      if (integrations.chat) showChat(integrations.chat, !admin);
      if (integrations.analytics && !admin && pathname !== lastCounted) {
        lastCounted = pathname;
        trackPageView(integrations.analytics, window.location.href);
      }
    },
  };
}

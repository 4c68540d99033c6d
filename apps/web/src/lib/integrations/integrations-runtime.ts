/**
 * The lazy half of the integrations (see start-integrations.ts), loaded only when something is
 * configured: loads each provider's script once, counts page views itself (the tags' own
 * automatic tracking is off, so a back-office path is never sent) and hides the chat in the back
 * office.
 */
import { trackPageView } from './analytics-tags';
import { showChat } from './chat-widgets';
import { isAdminPath } from './admin-path';
import type { IntegrationsRuntime } from './start-integrations';

export function createIntegrationsRuntime(): IntegrationsRuntime {
  let lastCounted: string | null = null;
  return {
    visit(pathname, integrations) {
      const admin = isAdminPath(pathname);
      if (integrations.chat) showChat(integrations.chat, !admin);
      if (integrations.analytics && !admin && pathname !== lastCounted) {
        lastCounted = pathname;
        trackPageView(integrations.analytics, window.location.href);
      }
    },
  };
}

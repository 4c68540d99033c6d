/**
 * Starts the support chat and analytics the operator configured, without weighing on
 * the landing page: this file is all the first bundle carries. Nothing happens before the page
 * has loaded and the browser is idle, and nothing while the visitor is in the back office. Then
 * the public config the page already read says whether anything is configured; only then is the
 * rest (a lazy chunk that injects the providers' scripts) loaded. With nothing configured, no
 * further chunk, no third-party script, nothing sent anywhere.
 */
import type { PublicIntegrations } from '@photoshoot/contract';
import { loadPublicConfig } from '../../shared/public-config';
import { isAdminPath } from './admin-path';

type RouterLike = {
  state: { location: { pathname: string } };
  subscribe(event: 'onResolved', listener: () => void): () => void;
};

export type IntegrationsRuntime = { visit(pathname: string, integrations: PublicIntegrations): void };

const loadRuntime = async (): Promise<IntegrationsRuntime> =>
  (await import('./integrations-runtime')).createIntegrationsRuntime();

const readIntegrations = async () => (await loadPublicConfig()).integrations;

/** Call once with the app's router; returns the stop function. */
export function startIntegrations(
  router: RouterLike,
  load = loadRuntime,
  read: () => Promise<PublicIntegrations> = readIntegrations,
): () => void {
  let ready = false;
  let runtime: Promise<IntegrationsRuntime> | null = null;
  const visit = () => {
    if (!ready) return;
    const path = router.state.location.pathname;
    // note: on /admin only a runtime already there is told (it hides the chat); none is started.
    if (isAdminPath(path) && !runtime) return;
    read()
      .then(async (integrations) => {
        if (!integrations.chat && !integrations.analytics) return;
        runtime ??= load();
        (await runtime).visit(path, integrations);
      })
      // A failed read or chunk: nothing loads; the next navigation tries again.
      .catch(() => {
        runtime = null;
      });
  };
  const unsubscribe = router.subscribe('onResolved', visit);
  const whenIdle = () => {
    const go = () => {
      ready = true;
      visit();
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(go, { timeout: 5000 });
    else setTimeout(go, 1);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    unsubscribe();
    window.removeEventListener('load', whenIdle);
    ready = false;
  };
}

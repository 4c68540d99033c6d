/**
 * Starts the support chat and analytics the operator configured (seed §1), without weighing on
 * the landing page: this file is all the first bundle carries. Nothing happens before the page
 * has loaded and the browser is idle; nothing at all while the visitor is in the back office;
 * the rest (reading the public config, injecting a provider's script) is a lazy chunk, and an
 * install with nothing configured loads no third-party script and sends nothing anywhere.
 */
type RouterLike = {
  state: { location: { pathname: string } };
  subscribe(event: 'onResolved', listener: () => void): () => void;
};

export type IntegrationsRuntime = { visit(pathname: string): Promise<void> };

export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

const loadRuntime = async (): Promise<IntegrationsRuntime> =>
  (await import('./integrations-runtime')).createIntegrationsRuntime();

/** Call once with the app's router; returns the stop function. */
export function startIntegrations(router: RouterLike, load = loadRuntime): () => void {
  let ready = false;
  let runtime: Promise<IntegrationsRuntime> | null = null;
  const visit = () => {
    if (!ready) return;
    const path = router.state.location.pathname;
    // note: the chunk is only fetched once a public page is shown; on /admin it may already be
    // there (hiding the chat), but it is never what brings it.
    if (isAdminPath(path) && !runtime) return;
    runtime ??= load();
    runtime.then((r) => r.visit(path)).catch(() => {});
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

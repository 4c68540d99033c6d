import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { createAppRouter } from './router';

/**
 * Mounts the app on `root`. The landing page arrives prerendered (`prerender-home.tsx`): it is
 * hydrated, so the hero painted from the HTML stays the same DOM nodes and is not painted a second
 * time (that repaint was the page's Largest Contentful Paint). Every other page renders from scratch.
 */
export async function startApp(
  root: HTMLElement,
  {
    onRecoverableError,
    afterMount,
  }: Pick<RootOptions, 'onRecoverableError'> & {
    /** Called once the app is mounted (support chat and analytics start from here, when configured). */
    afterMount?: (router: ReturnType<typeof createAppRouter>) => void;
  } = {},
): Promise<Root> {
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (!root.hasChildNodes()) {
    const created = createRoot(root, { onRecoverableError });
    created.render(app);
    afterMount?.(router);
    return created;
  }
  // The first render must be the prerendered tree: the route resolved (no pending fallback), and the
  // router in the mode it prerendered in, which adds no Suspense boundary around the root route.
  // note: `ssr` is what TanStack Start's hydration sets; it changes only that boundary and must stay set.
  await router.load();
  router.ssr = { manifest: undefined };
  // note: as a transition the hydration yields to the browser every few milliseconds instead of
  // holding the main thread for one long task (the page is already on screen; nothing waits for it).
  let hydrated: Root | undefined;
  startTransition(() => {
    hydrated = hydrateRoot(root, app, { onRecoverableError });
  });
  afterMount?.(router);
  return hydrated!;
}

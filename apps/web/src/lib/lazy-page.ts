import type { ComponentType } from 'react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { importWithReload } from './chunk-reload';

/**
 * The one way a route gets its page: each feature lists its pages in a `pages.ts` index, every
 * entry a dynamic import of one page (so each page is its own chunk), and its `routes.tsx` mounts
 * them with `lazyPages(() => import('./pages'))`. The index is itself a lazy chunk: every dynamic
 * import carries the list of chunks it needs, and those lists stay out of the landing page's
 * bundle that way (route files are in it).
 */
export type PageIndex = Record<string, () => Promise<ComponentType>>;

/** The `page(name)` of a feature's lazy page index. */
export function lazyPages<I extends PageIndex>(loadIndex: () => Promise<{ pages: I }>) {
  return (name: keyof I & string) => lazyPage(async () => (await loadIndex()).pages[name]!());
}

/**
 * A page (or layout) from a lazy chunk, wrapped in the TanStack Query provider, which also loads
 * lazily; a stale chunk after a deploy reloads the page once.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  return lazyRouteComponent(
    importWithReload(async () => {
      const [component, query] = await Promise.all([load(), import('./query-client')]);
      return { default: query.withQueryClient(component) };
    }),
  );
}

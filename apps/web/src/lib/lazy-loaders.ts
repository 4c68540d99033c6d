import { importWithReload } from './chunk-reload';

/**
 * The one way a route gets its loader (`ensure-queries.ts` says what a loader does): each feature
 * lists its loaders by page name in a lazy chunk, since they import the data layer and TanStack
 * Query, which stay out of the landing page's bundle (route files are in it). `loader(name)` is
 * the route's loader, called with what the route hands it (its path param, its guard's answer).
 * A loader chunk that fails to load leaves the reads to the page (whose own chunk reloads the tab
 * or shows the error page); a page with no loader reads as it paints.
 */
export function lazyLoaders<N extends string, A extends unknown[]>(
  loadIndex: () => Promise<Partial<Record<N, (...args: A) => Promise<void>>>>,
) {
  const index = importWithReload(loadIndex);
  return (name: N) =>
    async (...args: A): Promise<void> => {
      const loaders = await index().catch(() => undefined);
      await loaders?.[name]?.(...args);
    };
}

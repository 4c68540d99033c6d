import type { ComponentType } from 'react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { importWithReload } from './chunk-reload';

type Module = Record<string, unknown>;

/**
 * A page (or layout) from a lazy chunk, wrapped in the TanStack Query provider, which also loads
 * lazily; a stale chunk after a deploy reloads the page once.
 */
export function lazyPage(importer: () => Promise<Module>, name: string) {
  return lazyRouteComponent(
    importWithReload(async () => {
      const [mod, query] = await Promise.all([importer(), import('./query-client')]);
      return { default: query.withQueryClient(mod[name] as ComponentType) };
    }),
  );
}

import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Writes `routes.json` into the build: the path patterns of every page, read from the router
 * itself (`src/route-patterns.ts`), so the server can answer 404 for a path that is no page.
 */
export function routeManifest(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'photoshoot:route-manifest',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // note: before precompress, which runs in the 'post' phase and so also compresses this file.
    closeBundle: {
      order: 'pre',
      async handler() {
        const { module } = await runnerImport<{ routePatterns(): string[] }>(
          join(config.root, 'src/route-patterns.ts'),
          { root: config.root, configFile: false, logLevel: 'error' },
        );
        const patterns = module.routePatterns();
        if (!patterns.includes('/')) throw new Error('route-manifest: the route tree has no "/" page');
        writeFileSync(
          resolve(config.root, config.build.outDir, 'routes.json'),
          `${JSON.stringify(patterns, null, 1)}\n`,
        );
      },
    },
  };
}

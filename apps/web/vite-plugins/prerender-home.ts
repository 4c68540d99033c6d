import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Writes `home.html`: index.html with the landing page rendered in (`src/prerender-home.tsx`) and
 * its stylesheet inlined, so the first paint on a phone needs the HTML alone. The server sends it
 * for `/`; every other path keeps index.html. Runs before precompress (which compresses it too).
 */
export function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'photoshoot:prerender-home',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      async handler() {
        const dist = resolve(config.root, config.build.outDir);
        const { module } = await runnerImport<{ renderHome(): Promise<string> }>(
          join(config.root, 'src/prerender-home.tsx'),
          { root: config.root, configFile: false, logLevel: 'error' },
        );
        const markup = await module.renderHome();
        if (/<script/i.test(markup))
          throw new Error('prerender-home: the rendered page holds a script (CSP)');
        let html = readFileSync(join(dist, 'index.html'), 'utf8');
        html = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
          const css = readFileSync(join(dist, href.replace(/^\//, '')), 'utf8');
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        });
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`prerender-home: index.html has no ${root}`);
        writeFileSync(join(dist, 'home.html'), html.replace(root, `<div id="root">${markup}</div>`));
      },
    },
  };
}

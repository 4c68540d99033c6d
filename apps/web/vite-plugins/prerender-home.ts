import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Writes `home.html`: index.html with the landing page rendered in (`src/prerender-home.tsx`) and
 * its stylesheet inlined, so the first paint on a phone needs the HTML alone; the app's scripts load
 * after that paint and hydrate it. The server sends it for `/`; every other path keeps index.html. Runs before precompress (which compresses it too).
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
        html = startAfterFirstPaint(html, dist);
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`prerender-home: index.html has no ${root}`);
        writeFileSync(join(dist, 'home.html'), html.replace(root, `<div id="root">${markup}</div>`));
      },
    },
  };
}

/**
 * Replaces the app's module script and module preloads with one small script that imports them
 * once the page has painted (`start-after-first-paint.browser.js`, copied under a hashed name).
 */
function startAfterFirstPaint(html: string, dist: string): string {
  const modules: string[] = [];
  const rest = html.replace(
    /\s*<(?:script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script|link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*)>/g,
    (_tag, src?: string, href?: string) => {
      modules.push((src ?? href)!);
      return '';
    },
  );
  if (!modules.some((url) => html.includes(`src="${url}"`)))
    throw new Error('prerender-home: index.html has no module script to start after the first paint');
  const code = readFileSync(new URL('./start-after-first-paint.browser.js', import.meta.url));
  const name = `assets/start-after-first-paint-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(dist, name), code);
  // note: low priority, as nothing on screen needs it: the HTML and the hero image go first.
  const script = `<script type="module" fetchpriority="low" src="/${name}" data-after-first-paint="${modules.join(' ')}"></script>`;
  return rest.replace(/(\n\s*)<\/head>/, `$1  ${script}$1</head>`);
}

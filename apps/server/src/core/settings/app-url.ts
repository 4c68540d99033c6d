/**
 * The application URL (`meta.appURL`): the address every mailed link, checkout return URL and
 * provider callback is built on. An operator sets it in the settings; until they do, `serve`
 * keeps it at the address it listens on, so a fresh install on another port still mails links
 * that work on that machine.
 */
import type { App } from '../app.js';
import { readParam, writeParam } from '../params.js';

export const DEFAULT_APP_URL = 'http://127.0.0.1:8090';

/** What an operator may save: an absolute http(s) address with a host, nothing after the path. */
export function appUrlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return 'Must be a valid url.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Must be a valid url.';
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname) return 'Must be a valid url.';
  if (url.username || url.password) return 'Must not contain a user name or password.';
  if (url.search || url.hash || value.includes('?') || value.includes('#'))
    return 'Must not contain a query (?) or a fragment (#): links are built on it.';
  return undefined;
}

/** The URL a browser on this machine reaches `host:port` at; a wildcard host means loopback. */
export function listenAppUrl(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  const name = bare === '0.0.0.0' || bare === '::' || bare === '' ? '127.0.0.1' : bare;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

// The value `serve` last set, so a later start can tell it from an operator's choice.
const FROM_LISTEN = 'appURLFromListen';

/**
 * Called by `serve` once listening: sets `meta.appURL` to the listen address while no operator
 * has set it (it is the default, or still what an earlier `serve` set). Returns the URL in force.
 */
export async function adoptListenAddress(app: App, listenUrl: string): Promise<string> {
  const current = app.settings.get().meta.appURL;
  const previous = await readParam<string>(app.db, FROM_LISTEN);
  const untouched = current === DEFAULT_APP_URL || (previous !== undefined && current === previous);
  if (!untouched || current === listenUrl) return current;
  await app.settings.patch({ meta: { appURL: listenUrl } });
  await writeParam(app.db, FROM_LISTEN, listenUrl);
  return listenUrl;
}

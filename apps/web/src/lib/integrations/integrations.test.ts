/**
 * The integrations loader: nothing before the page is idle, nothing on /admin, nothing with the
 * settings as a fresh install has them (read from the real test server), and the configured
 * providers' scripts once on a public page, with page views counted by us (never /admin).
 */
import type { PublicIntegrations } from '@photoshoot/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntegrationsRuntime } from './integrations-runtime';
import { PLAUSIBLE_SCRIPT } from './analytics-tags';
import { CRISP_SCRIPT } from './chat-widgets';
import { startIntegrations, type IntegrationsRuntime } from './start-integrations';

const thirdPartyScripts = () =>
  [...document.querySelectorAll('script[src]')]
    .map((s) => s.getAttribute('src')!)
    .filter((src) => /^https?:/.test(src) && !src.startsWith(window.location.origin));

type W = Record<string, unknown>;
const g = () => window as unknown as W;

function fakeRouter(pathname: string) {
  const listeners = new Set<() => void>();
  return {
    state: { location: { pathname } },
    subscribe: (_: 'onResolved', fn: () => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    go(path: string) {
      this.state.location.pathname = path;
      for (const fn of listeners) fn();
    },
  };
}

const CONFIGURED: PublicIntegrations = {
  chat: { provider: 'crisp', websiteId: '1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d' },
  analytics: { provider: 'plausible', domain: 'shoot.example.com' },
};

beforeEach(() => {
  document.head.innerHTML = '';
  for (const key of ['plausible', '$crisp', 'CRISP_WEBSITE_ID', 'dataLayer', 'gtag', 'Tawk_API'])
    delete g()[key];
});
afterEach(() => vi.useRealTimers());

describe('startIntegrations', () => {
  it('loads nothing on /admin, and waits for the page to be idle elsewhere', async () => {
    const load = vi.fn(async (): Promise<IntegrationsRuntime> => ({ visit: vi.fn(async () => {}) }));
    const router = fakeRouter('/admin/settings');
    const stop = startIntegrations(router, load);
    // jsdom's document is complete: the idle callback comes next.
    await vi.waitFor(() => expect(document.readyState).toBe('complete'));
    await new Promise((r) => setTimeout(r, 50));
    router.go('/admin/photoshoots');
    expect(load).not.toHaveBeenCalled();

    router.go('/');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    const runtime = await load.mock.results[0]!.value;
    await vi.waitFor(() => expect(runtime.visit).toHaveBeenCalledWith('/'));
    stop();
  });
});

describe('the integrations runtime', () => {
  it('adds no script and no global when nothing is configured (the real server, fresh settings)', async () => {
    const runtime = createIntegrationsRuntime();
    await runtime.visit('/');
    await runtime.visit('/pricing');
    expect(thirdPartyScripts()).toEqual([]);
    expect(g().plausible).toBeUndefined();
    expect(g().$crisp).toBeUndefined();
    expect(g().dataLayer).toBeUndefined();
  });

  it('never loads a provider on /admin, even when configured', async () => {
    const runtime = createIntegrationsRuntime(async () => CONFIGURED);
    await runtime.visit('/admin');
    await runtime.visit('/admin/settings');
    expect(thirdPartyScripts()).toEqual([]);
    expect(g().plausible).toBeUndefined();
  });

  it('loads each configured script once on public pages and counts each public page once', async () => {
    const runtime = createIntegrationsRuntime(async () => CONFIGURED);
    await runtime.visit('/');
    await runtime.visit('/');
    await runtime.visit('/teams-info');
    expect(thirdPartyScripts().sort()).toEqual([CRISP_SCRIPT, PLAUSIBLE_SCRIPT].sort());
    const tag = [...document.scripts].find((s) => s.getAttribute('src') === PLAUSIBLE_SCRIPT)!;
    expect(tag.getAttribute('data-domain')).toBe('shoot.example.com');
    const queue = (g().plausible as { q: unknown[][] }).q;
    expect(queue.map((call) => call[0])).toEqual(['pageview', 'pageview']);
    expect(g().CRISP_WEBSITE_ID).toBe('1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d');

    // The back office hides the chat and counts nothing.
    await runtime.visit('/admin');
    expect(queue).toHaveLength(2);
    expect((g().$crisp as unknown[][]).at(-1)).toEqual(['do', 'chat:hide']);
  });

  it('loads Google Analytics 4 without its automatic page view', async () => {
    const runtime = createIntegrationsRuntime(async () => ({
      chat: null,
      analytics: { provider: 'ga4', measurementId: 'G-AB12CD34EF' },
    }));
    await runtime.visit('/');
    expect(thirdPartyScripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF']);
    const layer = (g().dataLayer as IArguments[]).map((a) => [...a]);
    expect(layer[1]).toEqual(['config', 'G-AB12CD34EF', { send_page_view: false }]);
    expect(layer[2]).toMatchObject(['event', 'page_view', { page_location: window.location.href }]);
  });
});

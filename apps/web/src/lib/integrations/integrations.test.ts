/**
 * The integrations loader: nothing on /admin, nothing beyond reading the public config with the
 * settings as a fresh install has them (the real test server), and the configured providers'
 * scripts once on a public page, with page views counted by us (never /admin).
 */
import type { PublicIntegrations } from '@photoshoot/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntegrationsRuntime } from './integrations-runtime';
import { PLAUSIBLE_SCRIPT } from './analytics-tags';
import { CRISP_SCRIPT } from './chat-widgets';
import { startIntegrations, type IntegrationsRuntime } from './start-integrations';
import { fetchPublicConfig } from '../../shared/public-catalog-api';

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

// jsdom has no idle callbacks: the test decides when the browser is idle.
let idleQueue: (() => void)[] = [];
const idle = () => {
  const due = idleQueue;
  idleQueue = [];
  for (const cb of due) cb();
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
beforeEach(() => {
  idleQueue = [];
  (window as unknown as { requestIdleCallback: unknown }).requestIdleCallback = (cb: () => void) =>
    idleQueue.push(cb);
});
afterEach(() => {
  delete (window as unknown as { requestIdleCallback?: unknown }).requestIdleCallback;
});

describe('startIntegrations', () => {
  it('loads nothing more with the settings of a fresh install (read from the real test server)', async () => {
    const load = vi.fn(async (): Promise<IntegrationsRuntime> => ({ visit: vi.fn() }));
    const read = vi.fn(async () => (await fetchPublicConfig()).integrations);
    const stop = startIntegrations(fakeRouter('/'), load, read);
    expect(read).not.toHaveBeenCalled();
    idle();
    expect(read).toHaveBeenCalledTimes(1);
    expect(await read.mock.results[0]!.value).toEqual({ chat: null, analytics: null });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(thirdPartyScripts()).toEqual([]);
    stop();
  });

  it('on /admin reads nothing and loads nothing; on a public page starts the runtime when configured', async () => {
    const runtime = { visit: vi.fn() };
    const load = vi.fn(async (): Promise<IntegrationsRuntime> => runtime);
    const read = vi.fn(async () => CONFIGURED);
    const router = fakeRouter('/admin/settings');
    const stop = startIntegrations(router, load, read);
    idle();
    router.go('/admin/photoshoots');
    await settle();
    expect(read).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();

    router.go('/');
    await vi.waitFor(() => expect(runtime.visit).toHaveBeenCalledWith('/', CONFIGURED));
    expect(load).toHaveBeenCalledTimes(1);
    // Once started, the back office is passed on too (to hide the chat), still one runtime.
    router.go('/admin');
    await vi.waitFor(() => expect(runtime.visit).toHaveBeenCalledWith('/admin', CONFIGURED));
    expect(load).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the integrations runtime', () => {
  it('never loads a provider on /admin, even when configured', async () => {
    const runtime = createIntegrationsRuntime();
    runtime.visit('/admin', CONFIGURED);
    runtime.visit('/admin/settings', CONFIGURED);
    expect(thirdPartyScripts()).toEqual([]);
    expect(g().plausible).toBeUndefined();
  });

  it('loads each configured script once on public pages and counts each public page once', async () => {
    const runtime = createIntegrationsRuntime();
    runtime.visit('/', CONFIGURED);
    runtime.visit('/', CONFIGURED);
    runtime.visit('/teams-info', CONFIGURED);
    expect(thirdPartyScripts().sort()).toEqual([CRISP_SCRIPT, PLAUSIBLE_SCRIPT].sort());
    const tag = [...document.scripts].find((s) => s.getAttribute('src') === PLAUSIBLE_SCRIPT)!;
    expect(tag.getAttribute('data-domain')).toBe('shoot.example.com');
    const queue = (g().plausible as { q: unknown[][] }).q;
    expect(queue.map((call) => call[0])).toEqual(['pageview', 'pageview']);
    expect(g().CRISP_WEBSITE_ID).toBe('1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d');

    // The back office hides the chat and counts nothing.
    runtime.visit('/admin', CONFIGURED);
    expect(queue).toHaveLength(2);
    expect((g().$crisp as unknown[][]).at(-1)).toEqual(['do', 'chat:hide']);
  });

  it('loads Google Analytics 4 without its automatic page view', async () => {
    const runtime = createIntegrationsRuntime();
    runtime.visit('/', { chat: null, analytics: { provider: 'ga4', measurementId: 'G-AB12CD34EF' } });
    expect(thirdPartyScripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF']);
    const layer = (g().dataLayer as IArguments[]).map((a) => [...a]);
    expect(layer[1]).toEqual(['config', 'G-AB12CD34EF', { send_page_view: false }]);
    expect(layer[2]).toMatchObject(['event', 'page_view', { page_location: window.location.href }]);
  });
});

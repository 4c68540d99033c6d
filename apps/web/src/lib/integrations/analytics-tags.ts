/**
 * Page-view analytics: Plausible (privacy-friendly, no cookies) or Google Analytics 4. Both are
 * loaded in their manual mode and told of each page view by us, so only public pages are counted.
 */
import type { PublicAnalytics } from '@photoshoot/contract';
import { injectScript } from './inject-script';

type Queue = ((...args: unknown[]) => void) & { q?: unknown[] };
type AnalyticsWindow = Window & {
  plausible?: Queue;
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
};

export const PLAUSIBLE_SCRIPT = 'https://plausible.io/js/script.manual.js';
export const GA4_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

function plausible(domain: string): Queue {
  const w = window as AnalyticsWindow;
  // The provider's documented queue: calls made before the script arrives are replayed by it.
  w.plausible ??= Object.assign(
    (...args: unknown[]) => {
      (w.plausible!.q ??= []).push(args);
    },
    { q: [] as unknown[] },
  );
  injectScript(PLAUSIBLE_SCRIPT, { 'data-domain': domain, defer: '' });
  return w.plausible;
}

function gtag(measurementId: string): (...args: unknown[]) => void {
  const w = window as AnalyticsWindow;
  if (!w.gtag) {
    w.dataLayer ??= [];
    // note: gtag.js reads `arguments` objects from the data layer, not arrays.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', measurementId, { send_page_view: false });
    injectScript(`${GA4_SCRIPT}?id=${encodeURIComponent(measurementId)}`);
  }
  return w.gtag;
}

export function trackPageView(analytics: PublicAnalytics, url: string): void {
  if (analytics.provider === 'plausible') plausible(analytics.domain)('pageview', { u: url });
  else
    gtag(analytics.measurementId)('event', 'page_view', { page_location: url, page_title: document.title });
}

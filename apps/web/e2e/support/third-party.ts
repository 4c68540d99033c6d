import type { Page, Request } from '@playwright/test';

/**
 * Watches a page's requests to anywhere but the app's own origin, and answers every one of them
 * locally (`route()`), so a test can see what would have left the browser without ever reaching
 * the internet. `script` gives the body answered for a script URL.
 */
export async function watchThirdParty(
  page: Page,
  appOrigin: string,
  script: (url: URL) => string = () => '',
): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route(
    (url) => url.origin !== appOrigin && /^https?:$/.test(url.protocol),
    async (route) => {
      seen.push(route.request());
      const url = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: script(url) });
    },
  );
  return seen;
}

/** Resolves once the page has loaded, the browser was idle, and the network went quiet. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  await page.waitForLoadState('networkidle');
}

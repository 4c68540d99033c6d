/* global document, requestAnimationFrame */
/**
 * The only script the prerendered landing page (home.html) loads up front, copied into the build
 * by `prerender-home.ts`. The page is already whole in its HTML, so the app's modules (listed on
 * this script's tag) are asked for only once that HTML has been painted; they then hydrate it.
 * Fetched and run before the paint, they delayed it on a slow phone (and Lighthouse, seeing them
 * finish first, counted their download and CPU into the Largest Contentful Paint).
 */
const tag = document.querySelector('script[data-after-first-paint]');
const modules = (tag?.getAttribute('data-after-first-paint') ?? '').split(' ').filter(Boolean);
const start = () => {
  for (const url of modules) void import(url);
};
// This runs once the HTML is parsed. A frame callback runs just before a frame is painted; the
// second one comes after the frame showing the whole page was produced, which on a busy phone can
// reach the screen some time after it was painted. A hidden tab paints nothing: start at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));

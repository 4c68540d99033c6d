import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

/**
 * Pictures of what a test reached, at a phone and a desktop width, to be looked at: a page that
 * works but looks broken is not done. Every picture is taken the same way, so a set from one spec
 * compares with another's: from the top of the page, once the eager images have arrived, and with
 * a soft check that the page does not scroll sideways at that width.
 *
 * They go to the test's output folder (apps/web/test-results/<test>/), or with SHOTS_DIR set to
 * that folder, named after the spec: `SHOTS_DIR=/tmp/shots npx playwright test e2e/team-admin.spec.ts`.
 */

const SHOT_WIDTHS = [390, 1280] as const;

/** A phone's viewport is taller than it is wide; the desktop's is a laptop screen's. */
const heightFor = (width: number) => (width < 500 ? 844 : 800);

export type ShotOptions = {
  /** Picture only this element (one form among many), still judging the whole page's width. */
  target?: Locator;
  /**
   * The viewport's height. A dialog scrolls inside the viewport, so a tall one shows the whole
   * form in one picture.
   */
  height?: number;
  /** Only what is in view, not the whole page: what a visitor sees first. */
  inView?: boolean;
  /** Bring this into view first, instead of the top of the page. */
  scrollTo?: Locator;
  /** Also audit the page with axe at each width (a layout can break the rules at one width only). */
  accessible?: boolean;
};

/** How far the page is wider than the viewport, in CSS pixels; 0 or less when it fits. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Screenshots named `name` at both widths; the viewport is put back as it was afterwards. */
export async function screenshots(page: Page, name: string, opts: ShotOptions = {}): Promise<void> {
  const original = page.viewportSize();
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: opts.height ?? heightFor(width) });
    if (opts.scrollTo) await opts.scrollTo.scrollIntoViewIfNeeded();
    else await page.evaluate(() => window.scrollTo(0, 0));
    // Protected thumbnails are made on their first request: wait for the eager ones to arrive.
    await expect
      .poll(
        () =>
          page.evaluate(() => Array.from(document.images).every((i) => i.loading === 'lazy' || i.complete)),
        { timeout: 30_000 },
      )
      .toBe(true);
    // note: lets the layout settle after the resize; nothing is asserted on timing.
    await page.waitForTimeout(150);
    expect
      .soft(await horizontalOverflow(page), `${name} at ${width}px scrolls sideways`)
      .toBeLessThanOrEqual(0);
    if (opts.target) await opts.target.screenshot({ path: shotPath(`${name}-${width}`) });
    else await shot(page, `${name}-${width}`, { fullPage: !opts.inView });
    if (opts.accessible) await expectAccessible(page, `${name} at ${width}px`);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * One picture of the page as it is now, into the same folder: for a state that only exists at the
 * current width (a menu scrolled sideways on a phone). Whole page or only what is in view.
 */
export async function shot(page: Page, name: string, opts: { fullPage: boolean }): Promise<void> {
  await page.screenshot({ path: shotPath(name), fullPage: opts.fullPage });
}

function shotPath(name: string): string {
  const info = test.info();
  const file = `${name}.png`;
  const dir = process.env.SHOTS_DIR;
  if (!dir) return info.outputPath(file);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${basename(info.file, '.spec.ts')}-${file}`);
}

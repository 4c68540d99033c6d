/**
 * What the product shows of the studio engine is what the engine makes today: each style's
 * committed preview (assets/style-previews, the landing page's gallery and the styles step) and
 * the landing page's "after" image are this build's render of the sample, as
 * `npm run render:samples -- <dir> --previews` writes them. They once showed a two-day-old engine
 * (small sitter, the ear cut off, the flag beside the sleeve) after the engine had moved on.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSamples, type SampleRender } from '../../src/modules/processing/studio/sample-renders.js';

const PREVIEWS = fileURLToPath(new URL('../../assets/style-previews/', import.meta.url));
const HERO = fileURLToPath(new URL('../../../web/public/hero/after-corporate-grey.webp', import.meta.url));

/**
 * Mean absolute difference, in levels of 255, of two images, both decoded and brought down to
 * 120 px wide: small enough that JPEG noise and film grain average out, large enough that a
 * changed framing, cut-out or grade does not.
 */
async function meanDifference(render: string, committed: string): Promise<number> {
  const { width = 0, height = 0 } = await sharp(committed).metadata();
  const small = (file: string) =>
    sharp(file)
      // Without libjpeg's shrink-on-load, whose coarse downscale of the big render alone is ~1.5 levels off.
      .resize({
        width: 120,
        height: Math.round((120 * height) / width),
        fit: 'fill',
        fastShrinkOnLoad: false,
      })
      .removeAlpha()
      .raw()
      .toBuffer();
  const [got, want] = await Promise.all([small(render), small(committed)]);
  expect(got.length).toBe(want.length);
  let sum = 0;
  for (let i = 0; i < want.length; i++) sum += Math.abs(got[i]! - want[i]!);
  return sum / want.length;
}

/** The same render as a JPEG preview differs by ~1 level here; a changed engine by 10 or more. */
const MAX_MEAN_DIFFERENCE = 3;

describe('the committed style previews and the landing image', () => {
  let dir: string;
  let renders: SampleRender[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'previews-'));
    renders = await renderSamples(dir);
  }, 240_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("are this build's renders of the sample (npm run render:samples -- <dir> --previews)", async () => {
    const stale: string[] = [];
    for (const r of renders) {
      const d = await meanDifference(r.file, join(PREVIEWS, `${r.slug}.jpg`));
      console.log(`${r.slug}: preview differs by ${d.toFixed(2)} levels`);
      if (d > MAX_MEAN_DIFFERENCE) stale.push(`${r.slug} (${d.toFixed(1)})`);
    }
    const grey = renders.find((r) => r.slug === 'corporate-grey-studio')!;
    const hero = await meanDifference(grey.file, HERO);
    console.log(`landing "after" image differs by ${hero.toFixed(2)} levels`);
    if (hero > MAX_MEAN_DIFFERENCE) stale.push(`landing after image (${hero.toFixed(1)})`);
    expect(stale, 'stale; regenerate with npm run render:samples -- <dir> --previews').toEqual([]);
  });
});

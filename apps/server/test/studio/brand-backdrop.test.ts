/**
 * Teams: two styles over one brand backdrop are two looks, not one. Each style tints the brand
 * image towards its own backdrop colours (brightness kept) and lights it with its own pool.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BRAND_TINT, renderBackdrop } from '../../src/modules/processing/studio/backdrop.js';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

function meanColour(data: Float32Array): [number, number, number] {
  const m = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) for (let k = 0; k < 3; k++) m[k]! += data[i + k]!;
  return m.map((v) => v / (data.length / 3)) as [number, number, number];
}

describe('brand backdrop with different styles', () => {
  it('renders a visibly different backdrop per style over one brand image', async () => {
    // A plain light-grey office wall as the brand image.
    const brand = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#b4b4b0' } })
      .jpeg()
      .toBuffer();
    const look = (slug: string) => STYLE_SEEDS.find((s) => s.slug === slug)!.backdrop;
    const render = (slug: string) =>
      renderBackdrop(look(slug), 160, 200, { x: 80, y: 60, strength: 0.12 }, seededRandom('brand'), brand);
    const warm = meanColour((await render('warm-office')).data);
    const tech = meanColour((await render('tech-startup')).data);
    const diff = Math.max(...warm.map((v, k) => Math.abs(v - tech[k]!)));
    // Before, both were the brand image itself (difference 0).
    expect(diff).toBeGreaterThan(0.05);
    // The warm style's backdrop is warmer (red over blue) than the tech style's.
    expect(warm[0] - warm[2]).toBeGreaterThan(tech[0] - tech[2] + 0.05);
    expect(BRAND_TINT).toBeLessThan(0.5);
  });
});

/**
 * The `bokeh` backdrop kind (Outdoor Bokeh): deterministic per seed, different between seeds, and
 * an out-of-focus park rather than a flat gradient (green overall, with bright highlight discs).
 */
import { describe, expect, it } from 'vitest';
import { renderBackdrop, type BackdropSpec } from '../../src/modules/processing/studio/backdrop.js';
import { boxBlur, luma } from '../../src/modules/processing/studio/planes.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

const SPEC: BackdropSpec = { kind: 'bokeh', colors: ['#b3c68e', '#44603c', '#f6e2b0'], angle: 160 };
const [W, H] = [400, 600];

const render = (seed: string) =>
  renderBackdrop(SPEC, W, H, { x: W / 2, y: H * 0.3, strength: 0.2 }, seededRandom(seed));

describe('bokeh backdrop', () => {
  it('is identical for a seed and differs between seeds', async () => {
    const [a, b, c] = await Promise.all([render('s:1'), render('s:1'), render('s:2')]);
    expect(Buffer.from(a.data.buffer).equals(Buffer.from(b.data.buffer))).toBe(true);
    expect(Buffer.from(a.data.buffer).equals(Buffer.from(c.data.buffer))).toBe(false);
  });

  it('reads as green foliage with bright out-of-focus highlights', async () => {
    const { data } = await render('s:3');
    const l: number[] = [];
    let [r, g, b] = [0, 0, 0];
    for (let i = 0; i < W * H; i++) {
      r += data[i * 3]!;
      g += data[i * 3 + 1]!;
      b += data[i * 3 + 2]!;
      l.push(luma(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!));
    }
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    // Discs: small patches clearly brighter than their surroundings, which no gradient has.
    const around = boxBlur(Float32Array.from(l), W, H, 12);
    const lifted = l.filter((v, i) => v - around[i]! > 0.03).length / l.length;
    expect(lifted).toBeGreaterThan(0.02);
    // Shade and light: a wide spread of brightness across the field.
    l.sort((x, y) => x - y);
    expect(l[Math.floor(l.length * 0.95)]! - l[Math.floor(l.length * 0.05)]!).toBeGreaterThan(0.25);
  });
});

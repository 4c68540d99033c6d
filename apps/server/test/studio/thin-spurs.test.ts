/**
 * `dropThinSpurs` on a drawn scene: an orange sitter on a pale wall with things sticking out of
 * the matte. Only a thin spur in the wall's colour goes; a thin spur in the sitter's colour (a
 * finger), a wide piece in the wall's colour and anything by the face stay.
 */
import { describe, expect, it } from 'vitest';
import { dropThinSpurs } from '../../src/modules/processing/studio/thin-spurs.js';

const W = 400;
const H = 400;
type Rgb = readonly [number, number, number];
const WALL: Rgb = [196, 176, 172];
const ORANGE: Rgb = [220, 100, 60];

/** The sitter fills x ≥ 200 from y 150 down; `extra` is matte too, painted `colour`. */
function scene(extra: { x0: number; x1: number; y0: number; y1: number }, colour: Rgb) {
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Float32Array(W * H);
  const inExtra = (x: number, y: number) => x >= extra.x0 && x < extra.x1 && y >= extra.y0 && y < extra.y1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const grain = ((x * 7 + y * 13) % 5) - 2;
      const sitter = x >= 200 && y >= 150;
      const c = inExtra(x, y) ? colour : sitter ? ORANGE : WALL;
      for (let k = 0; k < 3; k++) rgb[i * 3 + k] = c[k]! + grain;
      alpha[i] = sitter || inExtra(x, y) ? 1 : 0;
    }
  }
  const kept = () => {
    let sum = 0;
    for (let y = extra.y0; y < extra.y1; y++)
      for (let x = extra.x0; x < extra.x1; x++) sum += alpha[y * W + x]!;
    return sum / ((extra.x1 - extra.x0) * (extra.y1 - extra.y0));
  };
  return { rgb, alpha, kept };
}

/** A wedge 6 px wide and 30 px long sticking up out of the sitter's top edge. */
const SPUR = { x0: 260, x1: 266, y0: 120, y1: 150 };

describe('dropThinSpurs', () => {
  it("drops a thin spur in the wall's colour sticking out of the sitter", () => {
    const s = scene(SPUR, WALL);
    expect(dropThinSpurs(s.alpha, s.rgb, W, H, null)).toBeGreaterThanOrEqual(6 * 30 * 0.9);
    expect(s.kept()).toBeLessThan(0.1);
  });

  it("keeps a thin spur in the sitter's colour, and a wide piece in the wall's", () => {
    const finger = scene(SPUR, ORANGE);
    expect(dropThinSpurs(finger.alpha, finger.rgb, W, H, null)).toBe(0);
    expect(finger.kept()).toBe(1);
    const wide = scene({ x0: 250, x1: 280, y0: 120, y1: 150 }, WALL);
    expect(dropThinSpurs(wide.alpha, wide.rgb, W, H, null)).toBe(0);
    expect(wide.kept()).toBe(1);
  });

  it('never touches the face and the hair above it', () => {
    const s = scene(SPUR, WALL);
    expect(dropThinSpurs(s.alpha, s.rgb, W, H, { x: 240, y: 150, width: 40, height: 50 })).toBe(0);
    expect(s.kept()).toBe(1);
  });
});

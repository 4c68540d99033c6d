/**
 * `dropBorderLeftovers` on a drawn scene: a flag's crimson stripe runs down the left of the photo
 * behind an orange sitter; its lower stretch, beside the sitter where both leave the photo, is in
 * the matte. The second look's doubt alone never cuts: the piece must reach the border, be small,
 * and have the background's colours (in shade too) and not the sitter's.
 */
import { describe, expect, it } from 'vitest';
import { dropBorderLeftovers } from '../../src/modules/processing/studio/border-context.js';

const W = 400;
const H = 400;
type Rgb = readonly [number, number, number];
const WALL: Rgb = [150, 150, 150];
const CRIMSON: Rgb = [139, 19, 25];
const ORANGE: Rgb = [220, 100, 60];

type Scene = {
  /** The stretch of the stripe inside the matte, and its colour. */
  leftover: { x0: number; x1: number; y0: number; y1: number; colour: Rgb };
  /** Whether the second look doubts the leftover (puts it in the background). */
  doubted: boolean;
};

/** The stripe (x < 60 from y 100 down), the sitter (x ≥ 40 from y 120 down), and the leftover. */
function scene({ leftover, doubted }: Scene) {
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Float32Array(W * H);
  const second = new Float32Array(W * H);
  const inLeftover = (x: number, y: number) =>
    x >= leftover.x0 && x < leftover.x1 && y >= leftover.y0 && y < leftover.y1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const grain = ((x * 7 + y * 13) % 5) - 2;
      let c = WALL;
      if (x < 60 && y >= 100) c = CRIMSON;
      if (x >= 40 && y >= 120) c = ORANGE;
      if (inLeftover(x, y)) c = leftover.colour;
      for (let k = 0; k < 3; k++) rgb[i * 3 + k] = c[k]! + grain;
      const sitter = (x >= 40 && y >= 120) || inLeftover(x, y);
      alpha[i] = sitter ? 1 : 0;
      second[i] = sitter && !(doubted && inLeftover(x, y)) ? 1 : 0;
    }
  }
  const kept = (x0: number, x1: number, y0: number, y1: number) => {
    let sum = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += alpha[y * W + x]!;
    return sum / ((x1 - x0) * (y1 - y0));
  };
  return { rgb, alpha, second, kept };
}

const STRIPE_END = { x0: 0, x1: 40, y0: 340, y1: 400 };

describe('dropBorderLeftovers', () => {
  it('drops the doubted stretch of the stripe that leaves the photo beside the sitter, and nothing else', () => {
    const s = scene({ leftover: { ...STRIPE_END, colour: CRIMSON }, doubted: true });
    const dropped = dropBorderLeftovers(s.alpha, s.second, s.rgb, W, H, null);
    expect(dropped).toBe(40 * 60);
    expect(s.kept(0, 40, 340, 400)).toBe(0);
    expect(s.kept(40, 400, 120, 400)).toBe(1);
  });

  it('drops it in the shade too: the stripe darker where the arm shades it is the same colour', () => {
    const s = scene({ leftover: { ...STRIPE_END, colour: [85, 7, 23] }, doubted: true });
    dropBorderLeftovers(s.alpha, s.second, s.rgb, W, H, null);
    expect(s.kept(0, 40, 340, 400)).toBe(0);
  });

  it('keeps it when only the colours say scene and the second look keeps it as the sitter', () => {
    const s = scene({ leftover: { ...STRIPE_END, colour: CRIMSON }, doubted: false });
    expect(dropBorderLeftovers(s.alpha, s.second, s.rgb, W, H, null)).toBe(0);
    expect(s.kept(0, 40, 340, 400)).toBe(1);
  });

  it("keeps a doubted piece in the sitter's own colour (a held helmet, a sleeve)", () => {
    const s = scene({ leftover: { ...STRIPE_END, colour: ORANGE }, doubted: true });
    expect(dropBorderLeftovers(s.alpha, s.second, s.rgb, W, H, null)).toBe(0);
    expect(s.kept(0, 40, 340, 400)).toBe(1);
  });

  it('keeps a doubted piece away from the border, and one too big to be a leftover', () => {
    const inner = scene({ leftover: { x0: 10, x1: 40, y0: 300, y1: 360, colour: CRIMSON }, doubted: true });
    expect(dropBorderLeftovers(inner.alpha, inner.second, inner.rgb, W, H, null)).toBe(0);
    // 40 × 160 px is 4 % of the photo: more than a leftover of the scene is allowed to be.
    const big = scene({ leftover: { x0: 0, x1: 40, y0: 240, y1: 400, colour: CRIMSON }, doubted: true });
    expect(dropBorderLeftovers(big.alpha, big.second, big.rgb, W, H, null)).toBe(0);
  });

  it('never touches the face and the hair above it', () => {
    const s = scene({ leftover: { ...STRIPE_END, colour: CRIMSON }, doubted: true });
    const face = { x: 0, y: 340, width: 40, height: 60 };
    expect(dropBorderLeftovers(s.alpha, s.second, s.rgb, W, H, face)).toBe(0);
  });
});

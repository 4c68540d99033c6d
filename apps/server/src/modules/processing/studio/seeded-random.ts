/**
 * A deterministic random source: the same seed string always gives the same sequence, so a result
 * re-rendered for the same photoshoot, style and variant comes out identical.
 */
import { createHash } from 'node:crypto';

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number;
  /** 32 random bits (the draw `next` divides), for a caller that wants two 16-bit draws at once. */
  bits(): number;
  /** `bits()` for each element of `into`, in order: the same draws without a call per draw. */
  fillBits(into: Uint32Array): void;
};

/** mulberry32 seeded from the SHA-256 of `seed`. */
export function seededRandom(seed: string): Random {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const bits = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => bits() / 4294967296;
  const fillBits = (into: Uint32Array) => {
    // bits() inlined, with the state in a local for the loop.
    let s = state;
    for (let i = 0; i < into.length; i++) {
      s = (s + 0x6d2b79f5) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      into[i] = t ^ (t >>> 14);
    }
    state = s;
  };
  return { next, bits, fillBits, range: (lo, hi) => lo + (hi - lo) * next() };
}

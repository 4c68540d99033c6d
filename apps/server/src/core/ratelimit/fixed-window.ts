/**
 * Fixed-window counters in memory, keyed by string. A window opens at a key's first hit and lasts
 * `durationMs`; at most `max` hits count per window. The map is bounded so a flood of distinct
 * keys (spoofed accounts, many IPs) cannot grow memory without limit.
 */

type Window = { start: number; count: number; durationMs: number };

export type WindowState = { allowed: boolean; count: number; retryAfterSec: number };

const MAX_KEYS = 100_000;
const SWEEP_EVERY_MS = 60_000;

export class FixedWindowCounters {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  private current(key: string, durationMs: number, now: number): Window | undefined {
    const w = this.windows.get(key);
    if (!w) return undefined;
    if (now - w.start >= w.durationMs || w.durationMs !== durationMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private retryAfter(w: Window, now: number): number {
    return Math.max(1, Math.ceil((w.start + w.durationMs - now) / 1000));
  }

  /** Counts one hit unless the window is already full. */
  hit(key: string, max: number, durationMs: number): WindowState {
    const now = this.clock();
    this.maybeSweep(now);
    let w = this.current(key, durationMs, now);
    if (!w) {
      w = { start: now, count: 0, durationMs };
      this.windows.set(key, w);
    }
    if (w.count >= max) return { allowed: false, count: w.count, retryAfterSec: this.retryAfter(w, now) };
    w.count++;
    return { allowed: true, count: w.count, retryAfterSec: 0 };
  }

  /** Gives back one hit (an attempt that turned out not to count). */
  release(key: string): void {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count--;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  private maybeSweep(now: number): void {
    if (this.windows.size < MAX_KEYS && now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= w.durationMs) this.windows.delete(key);
    // Still full of live windows: drop the oldest (Map order is insertion order).
    const excess = this.windows.size - Math.floor(MAX_KEYS * 0.9);
    if (excess > 0) {
      let n = 0;
      for (const key of this.windows.keys()) {
        if (n++ >= excess) break;
        this.windows.delete(key);
      }
    }
  }
}

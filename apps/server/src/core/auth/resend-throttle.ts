/**
 * "Already sent, try later" memory of the request-* flows: a second request for the same record
 * within the window still answers 204 but sends nothing. Kept in process memory like PocketBase's
 * store; with several processes each throttles on its own, which only allows a few more mails.
 */
import type { App } from '../app.js';

export const RESEND_WINDOW_MS = 2 * 60 * 1000;

export class ResendThrottle {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True (and the window starts) when `key` is free; false while a previous send's window is open. */
  claim(key: string, windowMs = RESEND_WINDOW_MS): boolean {
    const now = this.now();
    const open = this.until.get(key);
    if (open !== undefined && open > now) return false;
    this.until.set(key, now + windowMs);
    if (this.until.size > 10_000) this.prune(now);
    return true;
  }

  /** Ends the window early (the mail failed, or the flow completed). */
  release(key: string): void {
    this.until.delete(key);
  }

  private prune(now: number): void {
    for (const [k, v] of this.until) if (v <= now) this.until.delete(k);
  }
}

const byApp = new WeakMap<App, ResendThrottle>();

export function resendThrottle(app: App): ResendThrottle {
  let t = byApp.get(app);
  if (!t) byApp.set(app, (t = new ResendThrottle()));
  return t;
}

import type { ServerResponse } from 'node:http';
import type { AuthState } from '../records/caller.js';
import type { Topic } from './topic.js';

/** Idle connections close after 5 minutes without a message, and every connection after 30 minutes. */
export const IDLE_TIMEOUT_MS = 5 * 60 * 1000;
export const MAX_LIFETIME_MS = 30 * 60 * 1000;

/** One SSE connection. Every message repeats the client id in its `id:` line (the SDK reads it). */
export class RealtimeClient {
  auth: AuthState | null = null;
  readonly subscriptions = new Map<string, Topic>();
  private readonly idle: NodeJS.Timeout;
  private readonly lifetime: NodeJS.Timeout;
  closed = false;

  constructor(
    readonly id: string,
    readonly ip: string,
    private readonly res: ServerResponse,
    private readonly onClose: (client: RealtimeClient) => void,
    timeouts: { idleMs: number; lifetimeMs: number } = {
      idleMs: IDLE_TIMEOUT_MS,
      lifetimeMs: MAX_LIFETIME_MS,
    },
  ) {
    this.idle = setTimeout(() => this.close(), timeouts.idleMs);
    this.lifetime = setTimeout(() => this.close(), timeouts.lifetimeMs);
    res.on('close', () => this.close());
  }

  send(event: string, data: unknown): void {
    this.sendSerialized(event, JSON.stringify(data));
  }

  /** Sends data already serialised as JSON (one string shared by many subscribers). */
  sendSerialized(event: string, json: string): void {
    if (this.closed) return;
    this.res.write(`id:${this.id}\nevent:${event}\ndata:${json}\n\n`);
    this.idle.refresh();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idle);
    clearTimeout(this.lifetime);
    this.res.end();
    this.onClose(this);
  }
}

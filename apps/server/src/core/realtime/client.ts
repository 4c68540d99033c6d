import type { ServerResponse } from 'node:http';
import type { AuthState } from '../records/caller.js';
import type { SseFrame } from './sse-frame.js';
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
  /** `id:<client id>`, encoded once: the part of every fan-out message that is this client's own. */
  private readonly idLine: Buffer;

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
    this.idLine = Buffer.from(`id:${id}`);
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

  /**
   * Sends a message encoded once for all its subscribers. Once the headers are out (PB_CONNECT
   * sent them), `res.write` would only frame the chunk and hand it to the socket, with string work
   * and a cork round-trip per call; at 10,000 subscribers per event that is the fan-out's
   * largest cost after the syscall, so the chunk goes to the socket directly, byte for byte the same.
   */
  sendFrame(frame: SseFrame): void {
    if (this.closed) return;
    const res = this.res;
    const socket = res.socket;
    if (res.headersSent && !res.writableEnded && socket?.writable) {
      socket.write(frame.bytes(this.idLine, res.chunkedEncoding));
    } else {
      res.write(frame.text(this.idLine));
    }
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

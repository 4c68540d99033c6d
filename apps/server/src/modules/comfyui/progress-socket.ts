/**
 * ComfyUI's `/ws?clientId=…` for one run: it pushes `executing` (node null: the run ended),
 * `execution_success`, `execution_error`, `execution_interrupted` and `progress` messages tagged
 * with the prompt id, so the wait for a run ends the moment it does instead of at the next poll.
 * The socket is only a wake-up: what the run produced is always read from `/history`. Its close
 * is a wake-up too (the server may be gone); binary frames (previews) are ignored.
 */
import WebSocket from 'ws';
import type { ComfyClient } from './comfy-client.js';

const ENDS = new Set(['execution_success', 'execution_error', 'execution_interrupted']);

export class ProgressSocket {
  private ws: WebSocket | null = null;
  /** True once the socket has closed or could not open (polling carries on alone). */
  closed = false;
  /** The latest step count of the running node, for logs and operators. */
  progress: { value: number; max: number } | null = null;

  constructor(
    client: ComfyClient,
    clientId: string,
    private readonly promptId: string,
    private readonly wake: () => void,
  ) {
    const url = new URL(`${client.url}/ws`);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('clientId', clientId);
    try {
      this.ws = new WebSocket(url, { headers: client.headers(), handshakeTimeout: 10_000 });
    } catch {
      this.closed = true;
      return;
    }
    this.ws.on('message', (data, isBinary) => {
      if (!isBinary) this.onText(String(data));
    });
    // note: 'error' is always followed by 'close'; without a listener ws would throw.
    this.ws.on('error', () => {});
    this.ws.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  private onText(text: string): void {
    let msg: { type?: unknown; data?: Record<string, unknown> };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return;
    }
    const data = msg.data ?? {};
    if (data.prompt_id !== this.promptId || typeof msg.type !== 'string') return;
    if (msg.type === 'progress' && typeof data.value === 'number' && typeof data.max === 'number')
      this.progress = { value: data.value, max: data.max };
    if (ENDS.has(msg.type) || (msg.type === 'executing' && data.node === null)) this.wake();
  }

  close(): void {
    this.ws?.removeAllListeners('close');
    this.ws?.on('error', () => {});
    this.ws?.terminate();
    this.closed = true;
  }
}

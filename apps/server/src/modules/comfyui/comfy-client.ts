/**
 * One ComfyUI server's HTTP API, the routes its `server.py` serves: `POST /upload/image`
 * (multipart), `POST /prompt` (an API-format graph and a `client_id`), `GET /history/{id}`,
 * `GET /queue`, `POST /queue` (`{"delete": [...]}`), `POST /interrupt`, `GET /view`,
 * `GET /system_stats` and `GET /object_info`. Every request carries the server's auth header
 * when one is set, and has a deadline; a failure says which server, never the header's value.
 */
import type { ComfyServer } from './comfyui-settings.js';
import { readBounded } from './read-bounded.js';
import { describeRefusal } from './refusal.js';

/** The server could not be reached or answered as no healthy ComfyUI does (5xx, 401/403). */
export class ServerUnreachable extends Error {}

/** `/prompt` refused the graph (400): the workflow or its inputs are wrong, no retry will help. */
export class PromptRefused extends Error {}

/** Where ComfyUI keeps a file: what `/upload/image` answers and `/view` takes. */
export type FileRef = { filename: string; subfolder: string; type: string };

/** A run as `/history/{id}` reports it once it has ended. */
export type HistoryEntry = {
  outputs: Record<string, { images?: FileRef[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
  /** `[number, prompt_id, graph, extra_data, outputs]`; extra_data carries our client_id. */
  prompt?: unknown[];
};

export type QueueState = { running: QueueItem[]; pending: QueueItem[] };
export type QueueItem = { promptId: string; clientId: string };

const REQUEST_MS = 30_000;

export const MAX_VIEW_BYTES = 40 * 1024 * 1024;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
const VIEW_MS = 120_000;

function queueItems(list: unknown): QueueItem[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (!Array.isArray(item) || typeof item[1] !== 'string') return [];
    const extra = item[3] as { client_id?: unknown } | undefined;
    return [{ promptId: item[1], clientId: typeof extra?.client_id === 'string' ? extra.client_id : '' }];
  });
}

export class ComfyClient {
  constructor(readonly server: ComfyServer) {}

  get url(): string {
    return this.server.url.replace(/\/+$/, '');
  }

  /** Auth headers for HTTP and the progress socket. */
  headers(): Record<string, string> {
    const { authHeader, authValue } = this.server;
    return authHeader && authValue ? { [authHeader]: authValue } : {};
  }

  private async request(
    path: string,
    init: { method?: string; json?: unknown; form?: FormData; timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(init.timeoutMs ?? REQUEST_MS);
    const headers: Record<string, string> = { ...this.headers() };
    let body: string | FormData | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    let res: Response;
    try {
      res = await fetch(`${this.url}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body,
        redirect: 'error',
        signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      });
    } catch (err) {
      init.signal?.throwIfAborted();
      const why = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : '';
      throw new ServerUnreachable(`ComfyUI at ${this.url} could not be reached${why ? ` (${why})` : ''}.`);
    }
    if (res.status >= 500 || res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      const why = res.status >= 500 ? 'failed' : 'refused the auth header';
      throw new ServerUnreachable(`ComfyUI at ${this.url} ${why} (HTTP ${res.status}).`);
    }
    return res;
  }

  private async json<T>(res: Response, what: string): Promise<T> {
    // note: a server with many custom nodes answers /object_info in megabytes; nothing needs more.
    const body = await readBounded(res, MAX_JSON_BYTES).catch(() => {
      throw new ServerUnreachable(`ComfyUI at ${this.url} answered ${what} with more than we read.`);
    });
    try {
      return JSON.parse(body.toString('utf8')) as T;
    } catch {
      throw new ServerUnreachable(`ComfyUI at ${this.url} answered ${what} with something other than JSON.`);
    }
  }

  /** Uploads one input image under `name`, replacing a file of that name (a retry re-sends the same bytes). */
  async uploadImage(name: string, data: Buffer, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
    form.set('type', 'input');
    form.set('overwrite', 'true');
    const res = await this.request('/upload/image', { method: 'POST', form, signal, timeoutMs: 120_000 });
    if (!res.ok) {
      await res.body?.cancel();
      throw new ServerUnreachable(`ComfyUI at ${this.url} refused an upload (HTTP ${res.status}).`);
    }
    // note: the upload answers `name` (not `filename` as /view takes it).
    const ref = await this.json<{ name?: unknown; subfolder?: unknown }>(res, 'an upload');
    if (typeof ref.name !== 'string' || !ref.name)
      throw new ServerUnreachable(`ComfyUI at ${this.url} answered an upload without a file name.`);
    return typeof ref.subfolder === 'string' && ref.subfolder ? `${ref.subfolder}/${ref.name}` : ref.name;
  }

  /** Queues a graph; returns its prompt id. */
  async queuePrompt(graph: unknown, clientId: string, signal?: AbortSignal): Promise<string> {
    const res = await this.request('/prompt', {
      method: 'POST',
      json: { prompt: graph, client_id: clientId },
      signal,
    });
    if (res.status === 400)
      throw new PromptRefused(describeRefusal(await this.json(res, 'a refused run').catch(() => null)));
    if (!res.ok) {
      await res.body?.cancel();
      throw new ServerUnreachable(`ComfyUI at ${this.url} refused the run (HTTP ${res.status}).`);
    }
    const body = await this.json<{ prompt_id?: unknown }>(res, 'a run');
    if (typeof body.prompt_id !== 'string' || !body.prompt_id)
      throw new ServerUnreachable(`ComfyUI at ${this.url} queued a run without a prompt id.`);
    return body.prompt_id;
  }

  /** The run's record once it has ended; null while it is queued or running (or unknown). */
  async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | null> {
    const res = await this.request(`/history/${encodeURIComponent(promptId)}`, { signal });
    const body = await this.json<Record<string, HistoryEntry>>(res, 'a history request');
    const entry = body?.[promptId];
    return entry && typeof entry === 'object' ? entry : null;
  }

  /** Recent runs (newest last), to find one queued by an attempt that died before saving its id. */
  async recentHistory(maxItems: number, signal?: AbortSignal): Promise<Record<string, HistoryEntry>> {
    const res = await this.request(`/history?max_items=${maxItems}`, { signal });
    return (await this.json<Record<string, HistoryEntry>>(res, 'a history request')) ?? {};
  }

  async queue(signal?: AbortSignal): Promise<QueueState> {
    const res = await this.request('/queue', { signal, timeoutMs: 5_000 });
    const body = await this.json<{ queue_running?: unknown; queue_pending?: unknown }>(
      res,
      'a queue request',
    );
    return { running: queueItems(body.queue_running), pending: queueItems(body.queue_pending) };
  }

  /**
   * Stops a run: interrupted if it is executing (newer servers interrupt only the named prompt,
   * older ones whatever runs, which is ours when the queue says so), deleted if still queued.
   */
  async cancel(promptId: string): Promise<void> {
    const q = await this.queue();
    if (q.running.some((r) => r.promptId === promptId)) {
      const res = await this.request('/interrupt', { method: 'POST', json: { prompt_id: promptId } });
      await res.body?.cancel();
    }
    const res = await this.request('/queue', { method: 'POST', json: { delete: [promptId] } });
    await res.body?.cancel();
  }

  /** One output file, at most MAX_VIEW_BYTES. */
  async view(ref: FileRef, signal?: AbortSignal): Promise<Buffer> {
    const query = new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder, type: ref.type });
    const res = await this.request(`/view?${query}`, { signal, timeoutMs: VIEW_MS });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`ComfyUI at ${this.url} has no output ${ref.filename} (HTTP ${res.status}).`);
    }
    return readBounded(res, MAX_VIEW_BYTES);
  }

  async systemStats(): Promise<{ devices?: { name?: string; vram_total?: number }[] }> {
    const res = await this.request('/system_stats', { timeoutMs: 10_000 });
    if (!res.ok) throw new ServerUnreachable(`ComfyUI at ${this.url} answered HTTP ${res.status}.`);
    return this.json(res, '/system_stats');
  }

  /** Node classes the server has, with their output counts. */
  async objectInfo(): Promise<Map<string, number>> {
    const res = await this.request('/object_info', { timeoutMs: 30_000 });
    if (!res.ok) throw new ServerUnreachable(`ComfyUI at ${this.url} answered HTTP ${res.status}.`);
    const body = await this.json<Record<string, { output?: unknown[] }>>(res, '/object_info');
    return new Map(
      Object.entries(body ?? {}).map(([k, v]) => [k, Array.isArray(v?.output) ? v.output.length : 0]),
    );
  }
}

/**
 * A strict fake of one ComfyUI server, speaking the routes of ComfyUI's `server.py`
 * (PromptServer.__init__):
 * - `POST /upload/image`: multipart with an `image` file part; no file or no filename → 400; a
 *   name or `subfolder` escaping the input folder → 400; `overwrite` "true"/"1" replaces a file of
 *   that name, else a new name is made; answers `{name, subfolder, type}`.
 * - `POST /prompt`: a JSON body with `prompt` (else 400 `no_prompt`), validated as
 *   `execution.validate_prompt` does (./validate-graph.ts); accepted → `{prompt_id, number,
 *   node_errors}`; `client_id` goes into the run's extra_data.
 * - `GET /queue` → `{queue_running, queue_pending}`, items `[number, prompt_id, prompt,
 *   extra_data, outputs]`; `POST /queue {"delete": [ids]}` removes waiting runs.
 * - `POST /interrupt`: with `{"prompt_id"}` stops that run only if it is the one executing (newer
 *   servers); without, whatever runs.
 * - `GET /history/{id}` → `{id: {prompt, outputs, status}}` once ended, `{}` before or when
 *   unknown; `GET /history?max_items=N` → the newest N. History is written before the run leaves
 *   the queue (execution.PromptQueue.task_done), and the `executing` message with node null comes
 *   after (main.py prompt_worker).
 * - `GET /view?filename&subfolder&type`: a name starting with "/" or holding ".." → 400; unknown
 *   type → 400; missing file → 404.
 * - `GET /system_stats`, `GET /object_info` (node classes from ./node-classes.ts).
 * - `/ws?clientId=`: sends `status` on connect, then for the client's runs `execution_start`,
 *   `executing` (node), `progress` (value, max), `executed`, `execution_success` or
 *   `execution_error`, and `executing` with node null at the end; binary frames are previews.
 * ComfyUI has no authentication; `requireHeader` plays a reverse proxy in front of it (401).
 * Its queue and history live in memory, as ComfyUI's do: `crash()` then `start()` on the same
 * port is a restarted server that knows none of its former runs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
import { NODE_CLASSES } from './node-classes.js';
import { validateGraph } from './validate-graph.js';

type Run = {
  number: number;
  id: string;
  graph: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
  extra: { client_id?: string };
  outputs: string[];
};

export type FakeMode = {
  /** Runs wait until `release()` (a test's control over "mid-job"). */
  hold: boolean;
  /** Runs end with an execution_error (e.g. CUDA out of memory). */
  failRuns: boolean;
  /** Outputs are this many bytes of PNG instead of a real picture (bounded downloads). */
  hugeOutputBytes: number;
  /** `/ws` is refused (a proxy that does not pass WebSockets): clients must poll. */
  noSocket?: boolean;
  /**
   * A `POST /prompt` waits for `passSubmission()`: `unseen` before the server reads it (a busy
   * proxy in front), `unanswered` after the run is queued, before the answer goes out (a slow
   * network back). Either way its sender holds no prompt id yet.
   */
  holdSubmission?: 'unseen' | 'unanswered';
  /** A `POST /prompt` is queued, then its connection is cut before the answer (a proxy's reset). */
  dropAnswer?: boolean;
  /** `GET /queue` answers 500 (a server too busy to list its queue). */
  failQueue?: boolean;
};

export class FakeComfyUI {
  mode: FakeMode = { hold: false, failRuns: false, hugeOutputBytes: 0 };
  readonly inputs = new Map<string, Buffer>();
  readonly outputs = new Map<string, Buffer>();
  readonly history = new Map<string, Record<string, unknown>>();
  queue: Run[] = [];
  running: Run | null = null;
  /** Every run accepted, every refusal sent and every interrupt, for assertions. */
  readonly accepted: Run[] = [];
  readonly refusals: unknown[] = [];
  readonly interrupts: { promptId: string | null }[] = [];
  readonly seenHeaders: Record<string, string | undefined>[] = [];
  /** How many progress sockets were opened. */
  socketsOpened = 0;
  requireHeader: { name: string; value: string } | null = null;
  url = '';
  private port = 0;
  private server: Server | null = null;
  private wss: WebSocketServer | null = null;
  private sockets = new Map<string, WebSocket>();
  private conns = new Set<Socket>();
  private number = 0;
  private seq = 0;
  private releaseHeld: (() => void) | null = null;
  private submissionsHeld: (() => void)[] = [];
  /** Submissions waiting for `passSubmission()`. */
  get submissionsWaiting(): number {
    return this.submissionsHeld.length;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.dispatch(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(err));
      });
    });
    this.wss = new WebSocketServer({ noServer: true });
    this.server.on('connection', (c: Socket) => {
      this.conns.add(c);
      c.on('close', () => this.conns.delete(c));
    });
    this.server.on('upgrade', (req, socket, head) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname !== '/ws' || !this.authorized(req) || this.mode.noSocket) {
        socket.destroy();
        return;
      }
      this.wss!.handleUpgrade(req, socket, head, (ws) => {
        const sid = u.searchParams.get('clientId') || `sid${++this.seq}`;
        this.sockets.set(sid, ws);
        this.socketsOpened++;
        ws.on('close', () => this.sockets.get(sid) === ws && this.sockets.delete(sid));
        this.send(sid, 'status', { status: { exec_info: { queue_remaining: this.remaining() } }, sid });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this;
  }

  /** The process dies: connections cut, queue and history gone (they live in memory). */
  async crash(): Promise<void> {
    for (const ws of this.sockets.values()) ws.terminate();
    this.sockets.clear();
    for (const c of this.conns) c.destroy();
    this.wss?.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
    this.queue = [];
    this.running = null;
    this.history.clear();
    this.releaseHeld = null;
    this.submissionsHeld = [];
  }

  stop(): Promise<void> {
    return this.crash();
  }

  /** Lets the held submissions on (and later ones through). */
  passSubmission(): void {
    this.mode.holdSubmission = undefined;
    for (const pass of this.submissionsHeld.splice(0)) pass();
  }

  /** Lets a held run finish. */
  release(): void {
    this.mode.hold = false;
    this.releaseHeld?.();
  }

  private remaining(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  private send(sid: string | undefined, type: string, data: Record<string, unknown>): void {
    const ws = sid ? this.sockets.get(sid) : undefined;
    if (ws?.readyState === ws?.OPEN) ws?.send(JSON.stringify({ type, data }));
  }

  private authorized(req: IncomingMessage): boolean {
    if (!this.requireHeader) return true;
    return req.headers[this.requireHeader.name.toLowerCase()] === this.requireHeader.value;
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(text);
  }

  private async body(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', 'http://x');
    if (this.requireHeader)
      this.seenHeaders.push({
        [this.requireHeader.name]: req.headers[this.requireHeader.name.toLowerCase()] as string,
      });
    if (!this.authorized(req)) return void res.writeHead(401).end('401: Unauthorized');
    const route = `${req.method} ${u.pathname}`;
    const body = req.method === 'POST' ? await this.body(req) : Buffer.alloc(0);
    if (route === 'POST /upload/image') return this.upload(req, res, body);
    if (route === 'POST /prompt') return this.prompt(req, res, body);
    if (route === 'GET /queue' && this.mode.failQueue) return this.json(res, 500, { error: 'busy' });
    if (route === 'GET /queue')
      return this.json(res, 200, {
        queue_running: this.running ? [this.item(this.running)] : [],
        queue_pending: this.queue.map((r) => this.item(r)),
      });
    if (route === 'POST /queue') {
      const b = JSON.parse(body.toString() || '{}') as { delete?: string[]; clear?: boolean };
      if (b.clear) this.queue = [];
      for (const id of b.delete ?? []) this.queue = this.queue.filter((r) => r.id !== id);
      return void res.writeHead(200).end();
    }
    if (route === 'POST /interrupt') {
      let promptId: string | null = null;
      try {
        promptId = (JSON.parse(body.toString() || '{}') as { prompt_id?: string }).prompt_id ?? null;
      } catch {
        promptId = null;
      }
      this.interrupts.push({ promptId });
      if (this.running && (!promptId || promptId === this.running.id)) this.interruptRunning();
      return void res.writeHead(200).end();
    }
    if (req.method === 'GET' && u.pathname.startsWith('/history')) return this.getHistory(res, u);
    if (route === 'GET /view') return this.view(res, u);
    if (route === 'GET /system_stats')
      return this.json(res, 200, {
        system: { os: 'posix', comfyui_version: '0.3.40', python_version: '3.12' },
        devices: [
          { name: 'cuda:0 NVIDIA GeForce RTX 4090', type: 'cuda', index: 0, vram_total: 25_757_220_864 },
        ],
      });
    if (route === 'GET /object_info')
      return this.json(
        res,
        200,
        Object.fromEntries(
          Object.entries(NODE_CLASSES).map(([name, c]) => [
            name,
            { input: { required: c.required }, output: c.outputs, name, output_node: !!c.outputNode },
          ]),
        ),
      );
    res.writeHead(404).end('404: Not Found');
  }

  private item(r: Run): unknown[] {
    return [r.number, r.id, r.graph, r.extra, r.outputs];
  }

  private async upload(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    let form: FormData;
    try {
      form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type'] ?? '') },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      return void res.writeHead(400).end();
    }
    const image = form.get('image');
    if (!(image instanceof File) || !image.name) return void res.writeHead(400).end();
    const subfolder = String(form.get('subfolder') ?? '');
    const type = String(form.get('type') ?? 'input');
    if (
      type !== 'input' ||
      image.name.includes('..') ||
      image.name.startsWith('/') ||
      subfolder.includes('..')
    )
      return void res.writeHead(400).end();
    let name = image.name;
    const overwrite = ['true', '1'].includes(String(form.get('overwrite') ?? ''));
    const key = (n: string) => (subfolder ? `${subfolder}/${n}` : n);
    for (let i = 1; !overwrite && this.inputs.has(key(name)); i++)
      name = image.name.replace(/(\.[^.]*)?$/, ` (${i})$1`);
    this.inputs.set(key(name), Buffer.from(await image.arrayBuffer()));
    this.json(res, 200, { name, subfolder, type });
  }

  private async prompt(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const hold = this.mode.holdSubmission;
    const held = () => new Promise<void>((resolve) => this.submissionsHeld.push(resolve));
    if (hold === 'unseen') await held();
    let b: { prompt?: unknown; client_id?: unknown };
    try {
      b = JSON.parse(body.toString()) as typeof b;
    } catch {
      return void res.writeHead(400).end('invalid json');
    }
    if (!('prompt' in b)) {
      const refusal = {
        error: {
          type: 'no_prompt',
          message: 'No prompt provided',
          details: 'No prompt provided',
          extra_info: {},
        },
        node_errors: {},
      };
      this.refusals.push(refusal);
      return this.json(res, 400, refusal);
    }
    const { refusal, outputs } = validateGraph(b.prompt, new Set(this.inputs.keys()));
    if (refusal) {
      this.refusals.push(refusal);
      return this.json(res, 400, refusal);
    }
    const run: Run = {
      number: this.number++,
      id: crypto.randomUUID(),
      graph: b.prompt as Run['graph'],
      extra: typeof b.client_id === 'string' ? { client_id: b.client_id } : {},
      outputs,
    };
    this.queue.push(run);
    this.accepted.push(run);
    setImmediate(() => void this.work());
    if (hold === 'unanswered') await held();
    if (this.mode.dropAnswer) return void req.socket.destroy();
    this.json(res, 200, { prompt_id: run.id, number: run.number, node_errors: {} });
  }

  private interruptRunning(): void {
    const run = this.running;
    if (!run) return;
    this.finish(run, 'interrupted');
  }

  private async work(): Promise<void> {
    if (this.running || !this.queue.length || !this.server) return;
    const run = this.queue.shift()!;
    this.running = run;
    const sid = run.extra.client_id;
    this.send(sid, 'execution_start', { prompt_id: run.id, timestamp: Date.now() });
    this.send(sid, 'executing', {
      node: Object.keys(run.graph)[0],
      display_node: Object.keys(run.graph)[0],
      prompt_id: run.id,
    });
    this.send(sid, 'progress', { value: 1, max: 2, prompt_id: run.id, node: Object.keys(run.graph)[0] });
    if (this.mode.hold) await new Promise<void>((resolve) => (this.releaseHeld = resolve));
    if (this.running !== run) return;
    if (this.mode.failRuns) return this.finish(run, 'error');
    this.finish(run, 'success', await this.render(run));
  }

  /** SaveImage's output: the first LoadImage input, as PNG, once per latent in the batch. */
  private async render(run: Run): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    const load = Object.values(run.graph).find((n) => n.class_type === 'LoadImage');
    const latent = Object.values(run.graph).find((n) => n.class_type === 'EmptyLatentImage');
    const count = Number(latent?.inputs.batch_size ?? 1);
    const source = this.inputs.get(String(load?.inputs.image));
    for (const id of run.outputs) {
      const images = [];
      for (let i = 0; i < count; i++) {
        const filename = `${String(run.graph[id]!.inputs.filename_prefix)}_${String(++this.seq).padStart(5, '0')}_.png`;
        const png = this.mode.hugeOutputBytes
          ? Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(this.mode.hugeOutputBytes)])
          : await (
              source
                ? sharp(source)
                : sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
            )
              .png()
              .toBuffer();
        this.outputs.set(filename, png);
        images.push({ filename, subfolder: '', type: 'output' });
      }
      out[id] = { images };
      this.send(run.extra.client_id, 'executed', {
        node: id,
        display_node: id,
        output: { images },
        prompt_id: run.id,
      });
    }
    return out;
  }

  private finish(
    run: Run,
    how: 'success' | 'error' | 'interrupted',
    outputs: Record<string, unknown> = {},
  ): void {
    const sid = run.extra.client_id;
    const messages: [string, Record<string, unknown>][] = [['execution_start', { prompt_id: run.id }]];
    if (how === 'error')
      messages.push([
        'execution_error',
        {
          prompt_id: run.id,
          node_id: run.outputs[0],
          node_type: 'KSampler',
          exception_message: 'CUDA out of memory. Tried to allocate 2.00 GiB',
          exception_type: 'torch.OutOfMemoryError',
          traceback: [],
        },
      ]);
    if (how === 'interrupted')
      messages.push(['execution_interrupted', { prompt_id: run.id, node_id: run.outputs[0] }]);
    if (how === 'success') messages.push(['execution_success', { prompt_id: run.id }]);
    this.history.set(run.id, {
      prompt: this.item(run),
      outputs,
      status: { status_str: how === 'success' ? 'success' : 'error', completed: how === 'success', messages },
      meta: {},
    });
    this.running = null;
    for (const [type, data] of messages.slice(1)) this.send(sid, type, data);
    this.send(sid, 'executing', { node: null, prompt_id: run.id });
    setImmediate(() => void this.work());
  }

  private getHistory(res: ServerResponse, u: URL): void {
    const id = decodeURIComponent(u.pathname.slice('/history/'.length));
    if (u.pathname === '/history') {
      const max = Number(u.searchParams.get('max_items') ?? Infinity);
      const entries = [...this.history.entries()];
      return this.json(res, 200, Object.fromEntries(entries.slice(Math.max(0, entries.length - max))));
    }
    const entry = this.history.get(id);
    this.json(res, 200, entry ? { [id]: entry } : {});
  }

  private view(res: ServerResponse, u: URL): void {
    const filename = u.searchParams.get('filename');
    if (!filename) return void res.writeHead(404).end();
    if (filename.startsWith('/') || filename.includes('..')) return void res.writeHead(400).end();
    const type = u.searchParams.get('type') ?? 'output';
    if (!['input', 'output', 'temp'].includes(type)) return void res.writeHead(400).end();
    const sub = u.searchParams.get('subfolder') ?? '';
    if (sub.includes('..')) return void res.writeHead(403).end();
    const store = type === 'input' ? this.inputs : this.outputs;
    const file = store.get(sub ? `${sub}/${filename}` : filename);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': file.length }).end(file);
  }
}

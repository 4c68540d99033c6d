/**
 * The machinery the three provider fakes share: a node:http server on 127.0.0.1:0, jobs that
 * finish after a short time and then call back (once, twice or never) or reveal their end only
 * to the Nth status poll, deterministic placeholder images made with sharp, and a log of what
 * was asked and delivered so tests can assert on it.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FakeMode = {
  /** Status polls a job answers "still running" before it may report its end. */
  pollsUntilDone: number;
  /** Callbacks sent when a job ends. */
  callbacks: 'once' | 'twice' | 'never';
  /** `submit422`/`submit500`: submissions are refused; `job`: jobs end failed; `malformed`: bodies are garbage. */
  failure: 'none' | 'submit422' | 'submit500' | 'job' | 'malformed';
  /** Which submissions the failure applies to. */
  failOn: 'train' | 'generate' | 'both';
  /** Milliseconds after submission before a job ends. */
  runMs: number;
  /**
   * A submission that made a job waits for `passAnswers()` before its answer goes out (a slow
   * network back): the job exists at the provider, and its sender holds no id for it yet.
   */
  holdAnswers?: boolean;
};

export const DEFAULT_MODE: FakeMode = {
  pollsUntilDone: 1,
  callbacks: 'once',
  failure: 'none',
  failOn: 'generate',
  runMs: 100,
};

export type FakeJob = {
  id: string;
  kind: 'train' | 'generate';
  polls: number;
  endsAt: number;
  failed: boolean;
  malformed: boolean;
  callbackUrl: string;
  callbacksSent: number;
  count: number;
  cancelled: boolean;
  extra: Record<string, unknown>;
};

export type Delivery = { job: string; status: number; body: string };

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Holds what a handler writes to `res` until the function returned is called. */
function deferAnswer(res: ServerResponse): () => void {
  const writes: (() => void)[] = [];
  const { writeHead, end } = res;
  res.writeHead = ((...a: Parameters<typeof writeHead>) => {
    writes.push(() => writeHead.apply(res, a));
    return res;
  }) as typeof writeHead;
  res.end = ((...a: Parameters<typeof end>) => {
    writes.push(() => end.apply(res, a));
    return res;
  }) as typeof end;
  return () => {
    res.writeHead = writeHead;
    res.end = end;
    for (const w of writes) w();
  };
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A placeholder portrait: a colour and a disc derived from `key`, so it is the same every run. */
export async function placeholderImage(key: string, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const h = createHash('sha256').update(key).digest();
  const bg = { r: h[0]!, g: h[1]!, b: h[2]! };
  const disc = Buffer.from(
    `<svg width="768" height="960" xmlns="http://www.w3.org/2000/svg"><circle cx="384" cy="380" r="${180 + (h[3]! % 60)}" fill="rgb(${255 - bg.r},${255 - bg.g},${255 - bg.b})"/></svg>`,
  );
  const img = sharp({ create: { width: 768, height: 960, channels: 3, background: bg } }).composite([
    { input: disc },
  ]);
  return (format === 'jpeg' ? img.jpeg() : format === 'png' ? img.png() : img.webp()).toBuffer();
}

export abstract class FakeProviderServer {
  mode: FakeMode = { ...DEFAULT_MODE };
  readonly jobs = new Map<string, FakeJob>();
  readonly deliveries: Delivery[] = [];
  readonly requests: { method: string; path: string }[] = [];
  private server: Server | null = null;
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<Delivery>>();
  private seq = 0;
  private answersHeld: (() => void)[] = [];
  /** Answers waiting for `passAnswers()`. */
  get answersWaiting(): number {
    return this.answersHeld.length;
  }
  url = '';

  protected abstract handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<void>;
  /** The callback body for a job that ended (a string: sent as is). */
  protected abstract callbackBody(job: FakeJob): unknown;
  protected abstract imageFormat: 'jpeg' | 'png' | 'webp';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.dispatch(req, res).catch((err: unknown) => sendJson(res, 500, { detail: String(err) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * Resolves once every callback scheduled so far has been delivered and answered: a condition,
   * not a delay, so a loaded machine only makes it slower, never wrong.
   */
  async idle(): Promise<void> {
    while (this.timers.size || this.inFlight.size) {
      if (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  reset(mode: Partial<FakeMode> = {}): void {
    this.passAnswers();
    this.mode = { ...DEFAULT_MODE, ...mode };
  }

  /** Sends the held answers (and lets later ones through). */
  passAnswers(): void {
    this.mode.holdAnswers = false;
    for (const pass of this.answersHeld.splice(0)) pass();
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', this.url).pathname;
    const body = await readBody(req);
    this.requests.push({ method: req.method ?? '', path });
    const file = /^\/files\/([\w-]+)\.(jpg|png|webp)$/.exec(path);
    if (req.method === 'GET' && file) {
      const data = await placeholderImage(file[1]!, this.imageFormat);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
      res.end(data);
      return;
    }
    if (!this.mode.holdAnswers) return this.handle(req, res, path, body);
    const jobs = this.jobs.size;
    const send = deferAnswer(res);
    await this.handle(req, res, path, body);
    if (this.jobs.size > jobs) this.answersHeld.push(send);
    else send();
  }

  protected failsFor(kind: 'train' | 'generate'): boolean {
    return this.mode.failOn === 'both' || this.mode.failOn === kind;
  }

  /** The submission failure to answer with, if the mode asks for one. */
  protected refuseSubmit(res: ServerResponse, kind: 'train' | 'generate'): boolean {
    if (!this.failsFor(kind)) return false;
    if (this.mode.failure === 'submit422') {
      sendJson(res, 422, { detail: 'fake refusal: the input images are not usable' });
      return true;
    }
    if (this.mode.failure === 'submit500') {
      sendJson(res, 500, { detail: 'fake outage' });
      return true;
    }
    return false;
  }

  protected newJob(
    kind: 'train' | 'generate',
    callbackUrl: string,
    count = 1,
    extra: Record<string, unknown> = {},
  ): FakeJob {
    const job: FakeJob = {
      id: `${kind === 'train' ? 't' : 'g'}${++this.seq}${Math.random().toString(36).slice(2, 8)}`,
      kind,
      polls: 0,
      endsAt: Date.now() + this.mode.runMs,
      failed: this.mode.failure === 'job' && this.failsFor(kind),
      malformed: this.mode.failure === 'malformed' && this.failsFor(kind),
      callbackUrl,
      callbacksSent: 0,
      count,
      cancelled: false,
      extra,
    };
    this.jobs.set(job.id, job);
    this.schedule(job);
    return job;
  }

  private schedule(job: FakeJob): void {
    const n =
      this.mode.callbacks === 'never' || !job.callbackUrl ? 0 : this.mode.callbacks === 'twice' ? 2 : 1;
    for (let i = 0; i < n; i++) {
      const t = setTimeout(
        () => {
          const sending = this.deliver(job).finally(() => {
            this.inFlight.delete(sending);
            this.timers.delete(t);
          });
          this.inFlight.add(sending);
        },
        this.mode.runMs + i * 150,
      );
      this.timers.add(t);
    }
  }

  /** Extra headers for a callback (signatures). */
  protected signCallback(_body: string, _job: FakeJob): Record<string, string> {
    return {};
  }

  async deliver(job: FakeJob): Promise<Delivery> {
    // A callback means the job has ended. The timer that sends it runs on the event loop's cached
    // clock, which lags Date.now() by however long the loop was busy when it was set: without
    // this, a callback could describe a job still running by `ended()` ("succeeded" without
    // output), which the server rightly refuses, so the delivery never counted.
    job.endsAt = Math.min(job.endsAt, Date.now());
    const raw = job.malformed ? '{"not": "what the docs say"' : JSON.stringify(this.callbackBody(job));
    job.callbacksSent++;
    let delivery: Delivery;
    try {
      const res = await fetch(job.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.signCallback(raw, job) },
        body: raw,
      });
      delivery = { job: job.id, status: res.status, body: await res.text() };
    } catch (err) {
      delivery = { job: job.id, status: 0, body: String(err) };
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  /** Counts a status poll; true once the job may report its end. */
  protected pollEnded(job: FakeJob): boolean {
    job.polls++;
    return Date.now() >= job.endsAt && job.polls >= this.mode.pollsUntilDone;
  }

  protected ended(job: FakeJob): boolean {
    return Date.now() >= job.endsAt;
  }

  imageUrl(job: FakeJob, i: number): string {
    const ext = this.imageFormat === 'jpeg' ? 'jpg' : this.imageFormat;
    return `${this.url}/files/${job.id}-${i}.${ext}`;
  }

  imageUrls(job: FakeJob): string[] {
    return Array.from({ length: job.count }, (_, i) => this.imageUrl(job, i));
  }
}

/**
 * A local Astria API, as docs.astria.ai (repository astriaai/astria-docs) describes it; what it
 * refuses in submissions is in fake-astria-rules.ts with its sources.
 *
 * - api/overview "Authorization": `Authorization: Bearer <key>`, else 401.
 * - api/overview "Error Codes": a request may take 30 s at most, then the gateway answers 504 — and
 *   "in most cases the request would probably have been processed" (`timeoutAfter` produces exactly
 *   that). The fake turns the 30 s into bytes at an upload rate of 2 MB/s (16 Mbit/s, an ordinary
 *   server uplink): a request body over 60 MB gets a 504 and is not processed. 429 is Astria's rate
 *   limit and 402 its "no credit" answer (headshots-starter's train-model route handles it); both
 *   are producible with `refusals`, 429 with a `Retry-After` when asked.
 * - api/overview "Idempotency": an account setting, off unless switched on (`idempotency`): only
 *   then does a repeated tune `title` return the existing tune; otherwise it makes (and bills) a
 *   second one.
 * - api/tune/list, api/prompt/list: `GET /tunes`, `GET /prompts`, `GET /tunes/:id/prompts` list the
 *   account's objects newest first; `limit` defaults to 20, at most 120; `before_id` pages;
 *   `offset` above 200 is a 400 for tunes.
 * - api/tune/retrieve, api/prompt/retrieve, delete: `GET`/`DELETE /tunes/:id` and
 *   `/tunes/:tune_id/prompts/:id`. Tunes carry `trained_at` once trained, prompts `images`;
 *   failures show `failed_at` and `fail_message` (api/overview, the prompt attributes listed under
 *   idempotency); `failure: 'job'` makes tunes or prompts fail that way.
 * - api/overview "Callbacks": an unsigned POST of the object, `{tune}` or `{prompt}` as Astria's
 *   headshots-starter webhook routes read it, to the callback URL given.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, sendJson, type FakeJob } from './fake-common.js';
import {
  GALLERY_TUNES,
  promptRefusal,
  tuneRefusal,
  type PromptParams,
  type TuneParams,
} from './fake-astria-rules.js';

export const ASTRIA_KEY = 'sd_test_key_0123456789';
/** 30 s (Astria's request limit) at 2 MB/s. */
export const MAX_REQUEST_BYTES = 60_000_000;

export type AstriaRefusal = {
  status: 402 | 429;
  on: 'train' | 'generate' | 'poll';
  /** Seconds for a `Retry-After` header (429). */
  retryAfter?: number;
};

type Kind = 'train' | 'generate';

export class FakeAstria extends FakeProviderServer {
  protected imageFormat = 'png' as const;
  /** The account's idempotency setting (api/overview): off unless the operator switched it on. */
  idempotency = false;
  /** Process the next submission of this kind, then answer 504 as Astria's gateway does after 30 s. */
  timeoutAfter: Kind | null = null;
  /** Answers to give instead of the next matching requests (each is used once). */
  refusals: AstriaRefusal[] = [];
  readonly tuneForms: (TuneParams & { bytes: number })[] = [];
  readonly prompts: (PromptParams & { tune: string })[] = [];

  override reset(mode: Parameters<FakeProviderServer['reset']>[0] = {}): void {
    super.reset(mode);
    this.idempotency = false;
    this.timeoutAfter = null;
    this.refusals = [];
  }

  private ofKind(kind: Kind): FakeJob[] {
    return [...this.jobs.values()].filter((j) => j.kind === kind);
  }

  private byNum(kind: Kind, num: string): FakeJob | undefined {
    return this.ofKind(kind).find((j) => String(j.extra.num) === num);
  }

  private view(job: FakeJob): Record<string, unknown> {
    const ended = this.ended(job) && !job.cancelled;
    const failed = ended && job.failed;
    const x = job.extra;
    const common = {
      id: Number(x.num),
      created_at: x.created,
      failed_at: failed ? new Date().toISOString() : null,
      trained_at: ended && !failed ? new Date().toISOString() : null,
    };
    if (job.kind === 'train')
      return {
        ...common,
        title: x.title,
        name: x.name,
        token: x.token,
        branch: x.branch,
        base_tune_id: x.baseTuneId,
        model_type: x.modelType || null,
        fail_message: failed ? 'fake failure: no face was found in the training images' : null,
        expires_at: null,
      };
    return {
      ...common,
      tune_id: Number(x.tune),
      text: x.text,
      callback: x.callback,
      num_images: job.count,
      fail_message: failed ? 'fake failure: prompt rejected by moderation' : null,
      images: ended && !failed ? this.imageUrls(job) : [],
    };
  }

  protected callbackBody(job: FakeJob): unknown {
    return job.kind === 'train' ? { tune: this.view(job) } : { prompt: this.view(job) };
  }

  private refused(res: ServerResponse, on: AstriaRefusal['on']): boolean {
    const i = this.refusals.findIndex((r) => r.on === on);
    if (i < 0) return false;
    const [r] = this.refusals.splice(i, 1);
    const text =
      r!.status === 402
        ? '{"error":"Insufficient balance: top up your account"}'
        : '{"error":"Rate limit exceeded"}';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (r!.retryAfter !== undefined) headers['retry-after'] = String(r!.retryAfter);
    res.writeHead(r!.status, headers);
    res.end(text);
    return true;
  }

  private list(res: ServerResponse, query: URLSearchParams, items: FakeJob[], maxOffset: number): void {
    const limit = Math.min(Number(query.get('limit') ?? 20) || 20, 120);
    const offset = Number(query.get('offset') ?? 0) || 0;
    if (offset > maxOffset) return sendJson(res, 400, { error: 'offset is too deep: page with before_id' });
    const before = query.get('before_id');
    const sorted = items
      .filter((j) => !before || Number(j.extra.num) < Number(before))
      .sort((a, b) => Number(b.extra.num) - Number(a.extra.num));
    sendJson(
      res,
      200,
      sorted.slice(offset, offset + limit).map((j) => this.view(j)),
    );
  }

  /** Processes a submission, then answers as asked: 201 with the object, or the gateway's 504. */
  private created(res: ServerResponse, kind: Kind, job: FakeJob): void {
    if (this.timeoutAfter === kind) {
      this.timeoutAfter = null;
      return sendJson(res, 504, '<html><body><h1>504 Gateway Time-out</h1></body></html>');
    }
    sendJson(res, 201, this.view(job));
  }

  protected async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<void> {
    if (body.length > MAX_REQUEST_BYTES)
      return sendJson(res, 504, '<html><body><h1>504 Gateway Time-out</h1></body></html>');
    if (req.headers.authorization !== `Bearer ${ASTRIA_KEY}`)
      return sendJson(res, 401, { error: 'Unauthorized' });
    const query = new URL(req.url ?? '/', this.url).searchParams;
    if (req.method === 'GET' && path === '/tunes') return this.list(res, query, this.ofKind('train'), 200);
    if (req.method === 'GET' && path === '/prompts')
      return this.list(res, query, this.ofKind('generate'), 10_000);
    if (req.method === 'POST' && path === '/tunes') return this.createTune(req, res, body);
    const m = /^\/tunes\/(\d+)(?:\/(prompts)(?:\/(\d+))?)?$/.exec(path);
    if (!m) return sendJson(res, 404, { error: 'Not found' });
    const [, tuneNum, prompts, promptNum] = m;
    const gallery = GALLERY_TUNES[Number(tuneNum)];
    const tune = this.byNum('train', tuneNum!);
    if (!gallery && !tune) return sendJson(res, 404, { error: 'Not found' });
    if (prompts && !promptNum && req.method === 'POST')
      return this.createPrompt(req, res, body, tuneNum!, tune);
    if (prompts && !promptNum && req.method === 'GET')
      return this.list(
        res,
        query,
        this.ofKind('generate').filter((j) => j.extra.tune === tuneNum),
        10_000,
      );
    const job = promptNum ? this.byNum('generate', promptNum) : tune;
    if (!job || (promptNum && job.extra.tune !== tuneNum)) return sendJson(res, 404, { error: 'Not found' });
    if (req.method === 'DELETE') {
      job.cancelled = true;
      return sendJson(res, 200, { message: 'deleted' });
    }
    if (req.method !== 'GET') return sendJson(res, 404, { error: 'Not found' });
    if (this.refused(res, 'poll')) return;
    if (job.malformed) return sendJson(res, 200, 'Internal hiccup');
    const view = this.view(job);
    if (this.pollEnded(job)) return sendJson(res, 200, view);
    return sendJson(res, 200, { ...view, trained_at: null, failed_at: null, fail_message: null, images: [] });
  }

  private async createTune(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': String(req.headers['content-type']) },
    })
      .formData()
      .catch(() => null);
    const field = (k: string) => String(form?.get(`tune[${k}]`) ?? '');
    const base = field('base_tune_id');
    const p: TuneParams = {
      title: field('title'),
      name: field('name'),
      branch: field('branch'),
      baseTuneId: base ? Number(base) : null,
      modelType: field('model_type'),
      preset: field('preset'),
      token: field('token'),
      callback: field('callback'),
      images: (form?.getAll('tune[images][]') ?? []).filter((v) => typeof v !== 'string').length,
    };
    const refusal = tuneRefusal(p);
    if (refusal) return sendJson(res, 422, refusal);
    const existing = this.idempotency && this.ofKind('train').find((j) => j.extra.title === p.title);
    if (existing) return sendJson(res, 201, this.view(existing));
    if (this.refused(res, 'train') || this.refuseSubmit(res, 'train')) return;
    this.tuneForms.push({ ...p, bytes: body.length });
    const branch = p.branch || (p.baseTuneId !== null ? GALLERY_TUNES[p.baseTuneId]! : 'sd15');
    const job = this.newJob('train', p.callback, 0, {
      ...p,
      branch,
      num: 1000 + this.jobs.size,
      created: new Date().toISOString(),
    });
    this.created(res, 'train', job);
  }

  private async readPrompt(req: IncomingMessage, body: Buffer): Promise<PromptParams | null> {
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('application/json')) {
      const parsed = JSON.parse(body.toString('utf8')) as { prompt?: unknown };
      return parsed.prompt && typeof parsed.prompt === 'object' ? (parsed.prompt as PromptParams) : null;
    }
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    const out: PromptParams = {};
    for (const [k, v] of form.entries()) {
      const key = /^prompt\[(\w+)\]$/.exec(k)?.[1];
      if (key && typeof v === 'string') out[key] = v;
    }
    return out;
  }

  private async createPrompt(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    tuneNum: string,
    tune: FakeJob | undefined,
  ): Promise<void> {
    const p = await this.readPrompt(req, body).catch(() => null);
    if (!p) return sendJson(res, 422, { text: ["can't be blank"] });
    const target = tune
      ? { gallery: false, branch: String(tune.extra.branch), modelType: String(tune.extra.modelType ?? '') }
      : { gallery: true, branch: GALLERY_TUNES[Number(tuneNum)]!, modelType: '' };
    const loraBranch = (id: string) => {
      const t = this.byNum('train', id);
      return t && t.extra.modelType === 'lora' ? String(t.extra.branch) : null;
    };
    const refusal = promptRefusal(p, target, loraBranch);
    if (refusal) return sendJson(res, 422, refusal);
    if (this.refused(res, 'generate') || this.refuseSubmit(res, 'generate')) return;
    this.prompts.push({ ...p, tune: tuneNum });
    const job = this.newJob('generate', String(p.callback ?? ''), Number(p.num_images ?? 1), {
      num: 5000 + this.jobs.size,
      tune: tuneNum,
      text: p.text,
      callback: p.callback ?? null,
      created: new Date().toISOString(),
    });
    this.created(res, 'generate', job);
  }
}

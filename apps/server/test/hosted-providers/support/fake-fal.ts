/**
 * A local fal.ai: its queue, its storage and its webhook key set on one server. Rules, with where
 * fal documents them:
 * - Queue (fal docs "Queue"; @fal-ai/client queue.ts, fal_client client.py): `POST /{app}
 *   ?fal_webhook=URL` → `{request_id, gateway_request_id, status_url, response_url, cancel_url}`;
 *   status and result under the app's owner/alias only (`/{owner}/{alias}/requests/{id}[/status]`),
 *   so another app's path answers 404; `Authorization: Key …` or 401. Status bodies as typed in
 *   @fal-ai/client types/common.ts: IN_QUEUE (queue_position), IN_PROGRESS (logs), COMPLETED (logs,
 *   metrics; a failed request adds `error` and `error_type`, fal_client `Completed`); the result of
 *   an unfinished request is a 400.
 * - Inputs: each app's schema (fake-fal-inputs.ts), unknown apps 404.
 * - `X-Fal-Store-IO: 0` (fal docs "Payloads", "Platform headers") is read on submissions only: a
 *   job submitted without it is recorded as `retained` (fal keeps its payloads for 30 days).
 * - Cancel (fal docs "Queue" → cancel, "Handle cancellations"): `PUT …/cancel` answers 202
 *   `CANCELLATION_REQUESTED`; a queued request is removed, a running one only gets a signal, which
 *   fal's trainers and flux-lora do not act on, so it runs on and calls back; a finished one is a 400
 *   `ALREADY_COMPLETED`, an unknown one a 404 `NOT_FOUND`.
 * - Storage (@fal-ai/client storage.ts): `POST /storage/upload/initiate` `{content_type,
 *   file_name}` → `{upload_url, file_url}` (key required); `PUT upload_url` with the bytes, no key
 *   (pre-signed); `X-Fal-Object-Lifecycle` recorded. `file_url` serves the bytes.
 * - Webhooks (fal docs "Webhooks"): body `{request_id, gateway_request_id, status: OK|ERROR,
 *   payload, error}`, or `payload: null` with `payload_error` when fal could not serialise it;
 *   signed with ED25519 over `request id \n user id \n timestamp \n hex sha256(body)` in
 *   `X-Fal-Webhook-Request-Id/-User-Id/-Timestamp/-Signature` (hex); public key at
 *   `GET /.well-known/jwks.json` as an OKP JWK (no key needed to read it).
 * - flux-lora outputs carry `has_nsfw_concepts` (@fal-ai/client endpoints.ts FluxLoraOutput).
 * - Model search (fal docs "Platform APIs" → "Model search"): `GET /v1/models?endpoint_id=…`
 *   → `{models: [{endpoint_id, metadata: {status: active|deprecated}}], next_cursor, has_more}`,
 *   unknown ids left out; no key needed.
 * - Out of credit: fal answers billable calls (submissions, upload initiation) 403
 *   `{"detail": "User is locked. Reason: Exhausted balance. …"}` while status reads still work
 *   (fal-ai/fal issues #1112, #1147, #1163); `outOfCredit()` produces that, `failNext()` any
 *   status (402, 429 with `Retry-After`, …) for the next submissions.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, sendJson, type Delivery, type FakeJob } from './fake-common.js';
import { checkFluxLoraInput, checkTrainerInput, FAL_APPS } from './fake-fal-inputs.js';

export const FAL_KEY = 'fal-test-key-0123456789';
export const FAL_USER_ID = 'fake-fal-user-0001';
export const EXHAUSTED_BALANCE =
  'User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing.';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Upload = {
  token: string;
  data: Buffer | null;
  contentType: string;
  lifecycle: string | null;
  keySent: boolean;
};

export class FakeFal extends FakeProviderServer {
  protected imageFormat = 'jpeg' as const;
  readonly submissions: { app: string; input: Record<string, unknown>; storeIo: string | null }[] = [];
  readonly uploads = new Map<string, Upload>();
  /** Status polls a job answers IN_QUEUE before it runs (0: running at once). */
  queuedPolls = 2;
  /** Sign callbacks with a key that is not in the published set. */
  forgeSignatures = false;
  /** Seconds added to callback timestamps (negative: from the past). */
  signatureSkewSeconds = 0;
  /** Generations whose images the safety checker flags, counted down. */
  flagNext = 0;
  /** Successful callbacks sent with `payload: null` and a `payload_error`, counted down. */
  payloadErrorsNext = 0;
  jwksFetches = 0;
  /** Apps the model search reports as deprecated. */
  deprecatedApps: string[] = [];
  /** The Authorization header of each model search (null: none sent). */
  readonly modelSearchKeys: (string | null)[] = [];
  private failures: Reply[] = [];
  private key = generateKeyPairSync('ed25519');
  private readonly strangerKey = generateKeyPairSync('ed25519').privateKey;

  override reset(mode: Parameters<FakeProviderServer['reset']>[0] = {}): void {
    super.reset(mode);
    Object.assign(this, { queuedPolls: 2, forgeSignatures: false, signatureSkewSeconds: 0 });
    Object.assign(this, { flagNext: 0, payloadErrorsNext: 0, failures: [] });
  }

  /** The next `times` billable calls are refused as fal refuses a locked account. */
  outOfCredit(times = 1): void {
    for (let i = 0; i < times; i++) this.failNext({ status: 403, body: { detail: EXHAUSTED_BALANCE } });
  }

  failNext(reply: Reply): void {
    this.failures.push(reply);
  }

  /** A new signing key (as when fal rotates its keys); the published set follows. */
  rotateKey(): void {
    this.key = generateKeyPairSync('ed25519');
  }

  /** The signature headers fal would send with `body` for request `requestId`. */
  signedHeaders(
    body: string,
    requestId: string,
    signer: KeyObject = this.key.privateKey,
  ): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000) + this.signatureSkewSeconds);
    const digest = createHash('sha256').update(body).digest('hex');
    const message = Buffer.from([requestId, FAL_USER_ID, timestamp, digest].join('\n'));
    return {
      'x-fal-webhook-request-id': requestId,
      'x-fal-webhook-user-id': FAL_USER_ID,
      'x-fal-webhook-timestamp': timestamp,
      'x-fal-webhook-signature': sign(null, message, signer).toString('hex'),
    };
  }

  protected override signCallback(body: string, job: FakeJob): Record<string, string> {
    return this.signedHeaders(body, job.id, this.forgeSignatures ? this.strangerKey : this.key.privateKey);
  }

  private loraUrl(job: FakeJob): string {
    return `${this.url}/files/lora-${job.id}.safetensors`;
  }

  private result(job: FakeJob): Record<string, unknown> {
    if (job.kind === 'train')
      return {
        diffusers_lora_file: { url: this.loraUrl(job), content_type: 'application/octet-stream' },
        config_file: { url: `${this.url}/files/config-${job.id}.json` },
      };
    const urls = this.imageUrls(job);
    return {
      images: urls.map((url) => ({ url, width: 768, height: 960, content_type: 'image/jpeg' })),
      has_nsfw_concepts: urls.map(() => job.extra.flagged === true),
      prompt: job.extra.prompt,
      seed: job.extra.seed,
      timings: { inference: 1.5 },
    };
  }

  protected callbackBody(job: FakeJob): unknown {
    const ids = { request_id: job.id, gateway_request_id: job.id };
    if (job.failed)
      return {
        ...ids,
        status: 'ERROR',
        error: 'fake failure: generation crashed',
        payload: { detail: 'crashed' },
      };
    if (this.payloadErrorsNext > 0) {
      this.payloadErrorsNext--;
      return { ...ids, status: 'OK', payload: null, payload_error: 'Payload could not be serialized' };
    }
    return { ...ids, status: 'OK', payload: this.result(job) };
  }

  /** A request removed from the queue never runs, so it never calls back. */
  override async deliver(job: FakeJob): Promise<Delivery> {
    if (job.extra.removed) return { job: job.id, status: 0, body: 'removed from the queue' };
    return super.deliver(job);
  }

  /** IN_QUEUE, IN_PROGRESS or COMPLETED as fal would report it now, without counting a poll. */
  private stateOf(job: FakeJob): 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' {
    if (job.extra.removed) return 'COMPLETED';
    if (this.ended(job) && job.polls >= this.mode.pollsUntilDone) return 'COMPLETED';
    return job.polls < this.queuedPolls && !job.extra.started ? 'IN_QUEUE' : 'IN_PROGRESS';
  }

  private fileBytes(url: string): Buffer | null {
    const m = /^\/files\/([\w-]+)\//.exec(url.startsWith(this.url) ? url.slice(this.url.length) : '');
    return (m && this.uploads.get(m[1]!)?.data) ?? null;
  }

  private knownLora(path: string): boolean {
    return [...this.jobs.values()].some(
      (j) => j.kind === 'train' && this.ended(j) && this.loraUrl(j) === path,
    );
  }

  protected async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<void> {
    const method = req.method ?? '';
    if (method === 'GET' && path === '/.well-known/jwks.json') {
      this.jwksFetches++;
      const x = this.key.publicKey.export({ format: 'jwk' }).x;
      return sendJson(res, 200, {
        keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid: 'fake', use: 'sig', alg: 'EdDSA' }],
      });
    }
    if (method === 'GET' && path === '/v1/models') return this.models(req, res);
    const upload = /^\/uploads\/([\w-]+)$/.exec(path);
    if (upload) return this.receiveUpload(req, res, upload[1]!, body);
    const file = /^\/files\/([\w-]+)\/[\w.-]+$/.exec(path);
    if (method === 'GET' && file) {
      const data = this.uploads.get(file[1]!)?.data;
      if (!data) return sendJson(res, 404, { detail: 'File not found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
      return void res.end(data);
    }
    if (req.headers.authorization !== `Key ${FAL_KEY}`)
      return sendJson(res, 401, { detail: 'No user found for Key ID and Secret' });
    if (path === '/storage/upload/initiate' && method === 'POST') return this.initiateUpload(req, res, body);
    const m = /^\/([\w.-]+\/[\w.-]+)\/requests\/([\w-]+)(\/status|\/cancel)?$/.exec(path);
    if (m) return this.request(req, res, m[1]!, m[2]!, m[3] ?? '');
    if (method !== 'POST') return sendJson(res, 405, { detail: 'Method not allowed' });
    return this.submit(req, res, path.slice(1), body);
  }

  /** fal's model search in find mode: the known ids, active unless listed in `deprecatedApps`. */
  private models(req: IncomingMessage, res: ServerResponse): void {
    this.modelSearchKeys.push(req.headers.authorization ?? null);
    const ids = new URL(req.url ?? '/', this.url).searchParams.getAll('endpoint_id');
    const models = ids
      .filter((id) => FAL_APPS[id])
      .map((id) => ({
        endpoint_id: id,
        metadata: { display_name: id, status: this.deprecatedApps.includes(id) ? 'deprecated' : 'active' },
      }));
    sendJson(res, 200, { models, next_cursor: null, has_more: false });
  }

  private refuseBillable(res: ServerResponse): boolean {
    const reply = this.failures.shift();
    if (!reply) return false;
    const text = JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(text);
    return true;
  }

  private initiateUpload(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    let input: Record<string, unknown> = {};
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      // an unreadable body fails the field checks below
    }
    if (typeof input.content_type !== 'string' || typeof input.file_name !== 'string')
      return sendJson(res, 422, {
        detail: [{ loc: ['body', 'file_name'], msg: 'field required', type: 'value_error.missing' }],
      });
    if (this.refuseBillable(res)) return;
    const id = `u${randomBytes(6).toString('hex')}`;
    const token = randomBytes(8).toString('hex');
    const lifecycle = (req.headers['x-fal-object-lifecycle'] as string | undefined) ?? null;
    this.uploads.set(id, { token, data: null, contentType: input.content_type, lifecycle, keySent: false });
    sendJson(res, 200, {
      upload_url: `${this.url}/uploads/${id}?signature=${token}`,
      file_url: `${this.url}/files/${id}/${encodeURIComponent(input.file_name)}`,
    });
  }

  private receiveUpload(req: IncomingMessage, res: ServerResponse, id: string, body: Buffer): void {
    const upload = this.uploads.get(id);
    const signature = new URL(req.url ?? '/', this.url).searchParams.get('signature');
    if (req.method !== 'PUT' || !upload || upload.data || signature !== upload.token)
      return sendJson(res, 403, { detail: 'The upload URL is not valid' });
    upload.data = body;
    upload.keySent = req.headers.authorization !== undefined;
    sendJson(res, 200, {});
  }

  private request(req: IncomingMessage, res: ServerResponse, root: string, id: string, suffix: string): void {
    const job = this.jobs.get(id);
    if (!job || job.extra.root !== root)
      return sendJson(res, 404, { status: 'NOT_FOUND', detail: 'Request not found' });
    if (job.malformed) return sendJson(res, 200, '<html>gateway hiccup</html>');
    const urls = this.requestUrls(root, id);
    if (suffix === '/cancel') {
      if (req.method !== 'PUT') return sendJson(res, 405, { detail: 'Method not allowed' });
      const state = this.stateOf(job);
      if (state === 'COMPLETED') return sendJson(res, 400, { status: 'ALREADY_COMPLETED' });
      job.cancelled = true;
      if (state === 'IN_QUEUE') Object.assign(job.extra, { removed: true, stopped: true });
      return sendJson(res, 202, { status: 'CANCELLATION_REQUESTED' });
    }
    if (suffix === '/status') {
      if (!job.extra.removed) this.pollEnded(job);
      const state = this.stateOf(job);
      if (state === 'IN_QUEUE')
        return sendJson(res, 200, { status: state, request_id: id, queue_position: 0, ...urls });
      if (state === 'IN_PROGRESS') {
        job.extra.started = true;
        return sendJson(res, 200, { status: state, request_id: id, logs: [], ...urls });
      }
      const failure = job.extra.removed
        ? { error: 'Request was cancelled', error_type: 'request_cancelled' }
        : job.failed
          ? { error: 'fake failure: generation crashed', error_type: 'runner_error' }
          : {};
      return sendJson(res, 200, {
        status: state,
        request_id: id,
        logs: [],
        metrics: {},
        ...failure,
        ...urls,
      });
    }
    if (this.stateOf(job) !== 'COMPLETED')
      return sendJson(res, 400, { detail: 'Request is still in progress' });
    if (job.failed || job.extra.removed)
      return sendJson(res, 422, { detail: 'fake failure: generation crashed' });
    return sendJson(res, 200, this.result(job));
  }

  private requestUrls(root: string, id: string): Record<string, string> {
    const base = `${this.url}/${root}/requests/${id}`;
    return { response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel` };
  }

  private submit(req: IncomingMessage, res: ServerResponse, app: string, body: Buffer): void {
    const kind = FAL_APPS[app];
    if (!kind) return sendJson(res, 404, { detail: `Application '${app}' not found` });
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error();
    } catch {
      return sendJson(res, 422, {
        detail: [{ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }],
      });
    }
    const errors =
      kind === 'train'
        ? checkTrainerInput(app, input, (url) => this.fileBytes(url))
        : checkFluxLoraInput(input, (path) => this.knownLora(path));
    if (errors.length) return sendJson(res, 422, { detail: errors });
    if (this.refuseBillable(res) || this.refuseSubmit(res, kind)) return;
    const storeIo = (req.headers['x-fal-store-io'] as string | undefined) ?? null;
    this.submissions.push({ app, input, storeIo });
    const webhook = new URL(req.url ?? '/', this.url).searchParams.get('fal_webhook') ?? '';
    const flagged = kind === 'generate' && this.flagNext > 0;
    if (flagged) this.flagNext--;
    const root = app.split('/').slice(0, 2).join('/');
    const job = this.newJob(kind, webhook, Number(input.num_images ?? 1), {
      seed: input.seed,
      prompt: input.prompt,
      root,
      flagged,
      retained: storeIo !== '0',
    });
    return sendJson(res, 200, {
      request_id: job.id,
      gateway_request_id: job.id,
      ...this.requestUrls(root, job.id),
    });
  }
}

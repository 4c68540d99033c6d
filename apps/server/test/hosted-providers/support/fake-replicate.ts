/**
 * A local Replicate API, strict where the real one is. Each rule and where it is documented:
 *
 * - `Authorization: Bearer <token>`, else 401 `{title, detail, status}`: replicate.com/docs/reference/http#authentication.
 * - `GET /v1/account` → `{type, username, name}`: replicate-javascript index.d.ts `Account`.
 * - `POST /v1/files` (multipart, `content`) → `{id, urls: {get}}`: replicate-javascript lib/files.js, index.d.ts `FileObject`.
 * - `GET /v1/models/{owner}/{name}` (404 when missing) and `…/versions/{id}` (404 for a version
 *   that does not exist, e.g. a deprecated trainer): replicate-javascript lib/models.js `getModel`, `getModelVersion`.
 * - `POST /v1/models {owner, name, visibility, hardware}`: owner must be the token's account,
 *   visibility `public`|`private` and a hardware SKU are required (replicate-javascript lib/models.js
 *   `createModel`, README "replicate.models.create"); a name already taken is refused.
 * - `POST /v1/models/{o}/{n}/versions/{v}/trainings {destination, input, webhook}`: the trainer
 *   version must exist and the destination must be an existing model of the token's account
 *   (replicate.com/docs/reference/http#trainings.create); `input.input_images` is required by
 *   ostris/flux-dev-lora-trainer.
 * - `POST /v1/predictions {version, input, webhook}`; `GET /v1/{predictions|trainings}/{id}`, `…/cancel`.
 * - `GET /v1/{predictions|trainings}` → `{next, previous, results}`, newest first, objects with
 *   their `webhook`: replicate-javascript lib/predictions.js `listPredictions`, index.d.ts `Prediction`/`Page`.
 * - Statuses `starting`, `processing`, `succeeded`, `failed`, `canceled`, `aborted`:
 *   replicate.com/docs/topics/predictions/lifecycle.
 * - 402 when the account has no credit left (a prediction or training is refused); 429 with
 *   `{"detail": "Request was throttled…"}` and `Retry-After`: replicate.com/docs/topics/predictions/rate-limits,
 *   replicate-javascript lib/util.js `withAutomaticRetries` (reads Retry-After as seconds or a date).
 * - Webhooks carry the object and are signed per Standard Webhooks (computed here independently
 *   of the server's verifier): replicate.com/docs/topics/webhooks/verify-webhook.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_REPLICATE_TRAINER } from '../../../src/modules/hosted-providers/replicate/replicate-api.js';
import { FakeProviderServer, sendJson, type FakeJob } from './fake-common.js';

export const REPLICATE_TOKEN = 'r8_test_token_0123456789';
export const REPLICATE_ACCOUNT = 'acme';
/** A trainer version the fake knows besides the default (the world's configured one). */
export const CONFIGURED_TRAINER = `ostris/flux-dev-lora-trainer:${'e4'.repeat(32)}`;
const HARDWARE = ['cpu', 'gpu-t4', 'gpu-l40s', 'gpu-a100-large', 'gpu-h100'];
const PAGE_SIZE = 100;

export class FakeReplicate extends FakeProviderServer {
  protected imageFormat = 'webp' as const;
  readonly secret = `whsec_${randomBytes(24).toString('base64')}`;
  /** Sign callbacks with another key (a forged or misconfigured sender). */
  forgeSignatures = false;
  readonly bodies: { path: string; json: Record<string, unknown> }[] = [];
  /** Models of the account (and the public trainer), by `owner/name`. */
  readonly models = new Set([`${REPLICATE_ACCOUNT}/subjects`, 'ostris/flux-dev-lora-trainer']);
  /** Trainer versions that exist. */
  readonly versions = new Set([DEFAULT_REPLICATE_TRAINER, CONFIGURED_TRAINER]);
  /** The account has no credit: new predictions and trainings answer 402. */
  outOfCredit = false;
  /** The next `remaining` job submissions answer 429 with this Retry-After (a function: made when sent). */
  throttle: { remaining: number; retryAfter: string | (() => string) } = { remaining: 0, retryAfter: '1' };
  /** The next submissions of a kind that create their job but answer 504 (the answer is lost). */
  loseAnswers = { train: 0, generate: 0 };
  /** How a job of `failure: 'job'` ends. */
  failStatus: 'failed' | 'canceled' | 'aborted' = 'failed';
  /** When each submission (accepted or not) arrived, for the timing of retries. */
  readonly submissions: { at: number; status: number }[] = [];

  override reset(mode: Parameters<FakeProviderServer['reset']>[0] = {}): void {
    super.reset(mode);
    this.outOfCredit = false;
    this.throttle = { remaining: 0, retryAfter: '1' };
    this.loseAnswers = { train: 0, generate: 0 };
    this.failStatus = 'failed';
  }

  private object(job: FakeJob): Record<string, unknown> {
    const ended = this.ended(job);
    const status = job.cancelled
      ? 'canceled'
      : !ended
        ? 'processing'
        : job.failed
          ? this.failStatus
          : 'succeeded';
    const output =
      status !== 'succeeded'
        ? null
        : job.kind === 'train'
          ? { version: `fake/subjects:${'ab12'.repeat(16)}`, weights: `${this.url}/files/w.tar` }
          : this.imageUrls(job);
    return {
      id: job.id,
      status,
      output,
      input: job.extra.input ?? {},
      // note: `aborted` jobs never ran, so they carry no error text.
      error: status === 'failed' ? 'fake failure: CUDA out of memory' : null,
      logs: '',
      metrics: {},
      webhook: job.callbackUrl || undefined,
      webhook_events_filter: ['completed'],
      source: 'api',
      urls: { get: `${this.url}/v1/${job.kind === 'train' ? 'trainings' : 'predictions'}/${job.id}` },
      created_at: String(job.extra.createdAt),
    };
  }

  protected callbackBody(job: FakeJob): unknown {
    return {
      ...this.object(job),
      status: job.failed ? this.failStatus : 'succeeded',
      ...(job.failed ? { output: null } : {}),
    };
  }

  protected override signCallback(body: string): Record<string, string> {
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const ts = String(Math.floor(Date.now() / 1000));
    const secret = this.forgeSignatures ? `whsec_${randomBytes(24).toString('base64')}` : this.secret;
    const sig = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${id}.${ts}.${body}`)
      .digest('base64');
    return { 'webhook-id': id, 'webhook-timestamp': ts, 'webhook-signature': `v1,${sig}` };
  }

  private list(res: ServerResponse, kind: 'train' | 'generate', query: URLSearchParams): void {
    const all = [...this.jobs.values()].filter((j) => j.kind === kind).reverse();
    const offset = Number(query.get('cursor') ?? 0) || 0;
    const page = all.slice(offset, offset + PAGE_SIZE);
    const path = kind === 'train' ? 'trainings' : 'predictions';
    const next =
      offset + PAGE_SIZE < all.length ? `${this.url}/v1/${path}?cursor=${offset + PAGE_SIZE}` : null;
    sendJson(res, 200, { next, previous: null, results: page.map((j) => this.object(j)) });
  }

  private createModel(res: ServerResponse, json: Record<string, unknown>): void {
    const { owner, name, visibility, hardware } = json;
    if (owner !== REPLICATE_ACCOUNT)
      return sendJson(res, 403, {
        detail: 'You do not have permission to create models for this owner.',
        status: 403,
      });
    if (typeof name !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/.test(name))
      return sendJson(res, 400, { detail: 'name: invalid model name', status: 400 });
    if (visibility !== 'public' && visibility !== 'private')
      return sendJson(res, 400, { detail: 'visibility: must be public or private', status: 400 });
    if (typeof hardware !== 'string' || !HARDWARE.includes(hardware))
      return sendJson(res, 400, { detail: 'hardware: unknown hardware SKU', status: 400 });
    if (this.models.has(`${owner}/${name}`))
      return sendJson(res, 409, { detail: 'A model with that name and owner already exists.', status: 409 });
    this.models.add(`${owner}/${name}`);
    sendJson(res, 201, { owner, name, visibility, url: `https://replicate.com/${owner}/${name}` });
  }

  protected async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<void> {
    if (req.headers.authorization !== `Bearer ${REPLICATE_TOKEN}`)
      return sendJson(res, 401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
    const query = new URL(req.url ?? '/', this.url).searchParams;
    if (req.method === 'GET' && path === '/v1/account')
      return sendJson(res, 200, {
        type: 'organization',
        username: REPLICATE_ACCOUNT,
        name: 'Acme',
        github_url: null,
      });
    if (req.method === 'GET' && path === '/v1/webhooks/default/secret')
      return sendJson(res, 200, { key: this.secret });
    if (req.method === 'GET' && (path === '/v1/predictions' || path === '/v1/trainings'))
      return this.list(res, path === '/v1/trainings' ? 'train' : 'generate', query);
    const model = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)(?:\/versions\/([a-f0-9]+))?$/.exec(path);
    if (req.method === 'GET' && model) {
      const ref = `${model[1]}/${model[2]}`;
      if (!this.models.has(ref) || (model[3] && !this.versions.has(`${ref}:${model[3]}`)))
        return sendJson(res, 404, { detail: 'Not found.', status: 404 });
      return sendJson(
        res,
        200,
        model[3] ? { id: model[3], created_at: '2025-01-01T00:00:00Z' } : { owner: model[1], name: model[2] },
      );
    }
    if (req.method === 'POST' && path === '/v1/files') {
      if (!String(req.headers['content-type']).startsWith('multipart/form-data') || body.length < 100)
        return sendJson(res, 400, { detail: 'Expected a multipart upload with content' });
      const id = randomBytes(6).toString('hex');
      return sendJson(res, 201, {
        id,
        content_type: 'application/zip',
        size: body.length,
        urls: { get: `${this.url}/files/upload-${id}.zip` },
      });
    }
    const get = /^\/v1\/(trainings|predictions)\/([\w-]+)(\/cancel)?$/.exec(path);
    if (get) {
      const job = this.jobs.get(get[2]!);
      if (!job) return sendJson(res, 404, { detail: 'Not found.' });
      if (job.malformed) return sendJson(res, 200, 'upstream connect error');
      if (get[3]) {
        job.cancelled = true;
        return sendJson(res, 200, this.object(job));
      }
      const done = this.pollEnded(job);
      return sendJson(
        res,
        200,
        done ? this.object(job) : { ...this.object(job), status: 'processing', output: null },
      );
    }
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { detail: 'Invalid JSON' });
    }
    this.bodies.push({ path, json });
    if (req.method === 'POST' && path === '/v1/models') return this.createModel(res, json);
    const input = (json.input ?? {}) as Record<string, unknown>;
    const train = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/versions\/([a-f0-9]+)\/trainings$/.exec(path);
    if (req.method === 'POST' && (train || path === '/v1/predictions')) {
      const kind = train ? 'train' : 'generate';
      const refuse = (status: number, detail: string, headers: Record<string, string> = {}) => {
        this.submissions.push({ at: Date.now(), status });
        const text = JSON.stringify({ detail, status });
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text);
      };
      if (this.throttle.remaining > 0) {
        this.throttle.remaining--;
        const { retryAfter } = this.throttle;
        return refuse(429, 'Request was throttled. Your rate limit resets in ~1s.', {
          'retry-after': typeof retryAfter === 'string' ? retryAfter : retryAfter(),
        });
      }
      if (this.outOfCredit)
        return refuse(
          402,
          'You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit.',
        );
      if (train && !this.versions.has(`${train[1]}/${train[2]}:${train[3]}`))
        return refuse(404, 'The requested version does not exist.');
      if (
        train &&
        (typeof json.destination !== 'string' ||
          !this.models.has(json.destination) ||
          !json.destination.startsWith(`${REPLICATE_ACCOUNT}/`))
      )
        return refuse(404, 'The specified training destination does not exist');
      if (train && typeof input.input_images !== 'string')
        return refuse(422, '- input_images: Additional property is required');
      if (!train && (typeof json.version !== 'string' || typeof input.prompt !== 'string'))
        return refuse(422, 'version is required');
      if (this.refuseSubmit(res, kind)) return void this.submissions.push({ at: Date.now(), status: 0 });
      const job = this.newJob(kind, String(json.webhook ?? ''), Number(input.num_outputs ?? 1), {
        input,
        createdAt: new Date().toISOString(),
      });
      this.submissions.push({ at: Date.now(), status: 201 });
      if (this.loseAnswers[kind] > 0) {
        this.loseAnswers[kind]--;
        res.writeHead(504, { 'content-type': 'text/html' });
        return void res.end('<html><body>504 Gateway Time-out</body></html>');
      }
      return sendJson(res, 201, { ...this.object(job), status: 'starting' });
    }
    return sendJson(res, 404, { detail: 'Not found.' });
  }
}

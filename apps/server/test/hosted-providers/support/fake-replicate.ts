/**
 * A local Replicate API: `POST /v1/files`, `POST /v1/models/{o}/{n}/versions/{v}/trainings`,
 * `POST /v1/predictions`, `GET /v1/{trainings|predictions}/{id}`, `…/cancel`,
 * `GET /v1/webhooks/default/secret`; `Authorization: Bearer …`; webhooks carry the object and
 * are signed per Standard Webhooks (computed here independently of the server's verifier).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, sendJson, type FakeJob } from './fake-common.js';

export const REPLICATE_TOKEN = 'r8_test_token_0123456789';

export class FakeReplicate extends FakeProviderServer {
  protected imageFormat = 'webp' as const;
  readonly secret = `whsec_${randomBytes(24).toString('base64')}`;
  /** Sign callbacks with another key (a forged or misconfigured sender). */
  forgeSignatures = false;
  readonly bodies: { path: string; json: Record<string, unknown> }[] = [];

  private object(job: FakeJob): Record<string, unknown> {
    const ended = this.ended(job);
    const status = job.cancelled ? 'canceled' : !ended ? 'processing' : job.failed ? 'failed' : 'succeeded';
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
      error: status === 'failed' ? 'fake failure: CUDA out of memory' : null,
      logs: '',
      metrics: {},
      urls: { get: `${this.url}/v1/${job.kind === 'train' ? 'trainings' : 'predictions'}/${job.id}` },
      created_at: new Date().toISOString(),
    };
  }

  protected callbackBody(job: FakeJob): unknown {
    return {
      ...this.object(job),
      status: job.failed ? 'failed' : 'succeeded',
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
    if (req.method === 'GET' && path === '/v1/account')
      return sendJson(res, 200, { type: 'organization', username: 'acme', name: 'Acme', github_url: null });
    if (req.method === 'GET' && path === '/v1/webhooks/default/secret')
      return sendJson(res, 200, { key: this.secret });
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
    const input = (json.input ?? {}) as Record<string, unknown>;
    const train = /^\/v1\/models\/[\w.-]+\/[\w.-]+\/versions\/[a-f0-9]+\/trainings$/.exec(path);
    if (req.method === 'POST' && (train || path === '/v1/predictions')) {
      const kind = train ? 'train' : 'generate';
      if (train && (typeof json.destination !== 'string' || typeof input.input_images !== 'string'))
        return sendJson(res, 422, { detail: '- input_images: Additional property is required' });
      if (!train && (typeof json.version !== 'string' || typeof input.prompt !== 'string'))
        return sendJson(res, 422, { detail: 'version is required' });
      if (this.refuseSubmit(res, kind)) return;
      const job = this.newJob(kind, String(json.webhook ?? ''), Number(input.num_outputs ?? 1));
      return sendJson(res, 201, { ...this.object(job), status: 'starting' });
    }
    return sendJson(res, 404, { detail: 'Not found.' });
  }
}

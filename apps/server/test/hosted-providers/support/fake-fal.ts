/**
 * A local fal.ai queue API (docs.fal.ai: queue, webhooks): `POST /{app}?fal_webhook=URL` →
 * `{request_id, gateway_request_id, status_url, response_url, cancel_url}`, `GET
 * /{app}/requests/{id}/status`, `GET /{app}/requests/{id}`, `PUT /{app}/requests/{id}/cancel`,
 * `Authorization: Key …`; webhooks `{request_id, status: OK|ERROR, payload, error}`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, sendJson, type FakeJob } from './fake-common.js';

export const FAL_KEY = 'fal-test-key-0123456789';

export class FakeFal extends FakeProviderServer {
  protected imageFormat = 'jpeg' as const;
  readonly submissions: { app: string; input: Record<string, unknown> }[] = [];

  private result(job: FakeJob): Record<string, unknown> {
    if (job.kind === 'train')
      return {
        diffusers_lora_file: {
          url: `${this.url}/files/lora-${job.id}.safetensors`,
          content_type: 'application/octet-stream',
        },
        config_file: { url: `${this.url}/files/config-${job.id}.json` },
      };
    return {
      images: this.imageUrls(job).map((url) => ({
        url,
        width: 768,
        height: 960,
        content_type: 'image/jpeg',
      })),
      seed: job.extra.seed,
    };
  }

  protected callbackBody(job: FakeJob): unknown {
    if (job.failed)
      return {
        request_id: job.id,
        gateway_request_id: job.id,
        status: 'ERROR',
        error: 'fake failure: generation crashed',
        payload: { detail: 'crashed' },
      };
    return { request_id: job.id, gateway_request_id: job.id, status: 'OK', payload: this.result(job) };
  }

  protected async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<void> {
    if (req.headers.authorization !== `Key ${FAL_KEY}`)
      return sendJson(res, 401, { detail: 'No user found for Key ID and Secret' });
    const m = /^\/(.+?)\/requests\/([\w-]+)(\/status|\/cancel)?$/.exec(path);
    if (m) {
      const job = this.jobs.get(m[2]!);
      if (!job) return sendJson(res, 404, { detail: 'Request not found' });
      if (job.malformed) return sendJson(res, 200, '<html>gateway hiccup</html>');
      if (m[3] === '/cancel' && req.method === 'PUT') {
        job.cancelled = true;
        return sendJson(res, 202, { status: 'CANCELLATION_REQUESTED' });
      }
      if (m[3] === '/status') {
        const done = this.pollEnded(job);
        return sendJson(res, 200, {
          status: done ? 'COMPLETED' : job.polls < 2 ? 'IN_QUEUE' : 'IN_PROGRESS',
          request_id: job.id,
        });
      }
      if (!this.ended(job)) return sendJson(res, 400, { detail: 'Request is still in progress' });
      if (job.failed) return sendJson(res, 422, { detail: 'fake failure: generation crashed' });
      return sendJson(res, 200, this.result(job));
    }
    if (req.method !== 'POST') return sendJson(res, 405, { detail: 'Method not allowed' });
    const app = path.slice(1);
    const webhook = new URL(req.url ?? '/', this.url).searchParams.get('fal_webhook') ?? '';
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return sendJson(res, 422, { detail: 'Invalid JSON' });
    }
    const kind = app.includes('trainer') || app.includes('training') ? 'train' : 'generate';
    if (kind === 'train' && !String(input.images_data_url ?? '').startsWith('data:application/zip;base64,'))
      return sendJson(res, 422, { detail: [{ loc: ['body', 'images_data_url'], msg: 'field required' }] });
    if (kind === 'generate' && (typeof input.prompt !== 'string' || !Array.isArray(input.loras)))
      return sendJson(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'field required' }] });
    if (this.refuseSubmit(res, kind)) return;
    this.submissions.push({ app, input });
    const job = this.newJob(kind, webhook, Number(input.num_images ?? 1), { seed: input.seed });
    const root = app.split('/').slice(0, 2).join('/');
    return sendJson(res, 200, {
      request_id: job.id,
      gateway_request_id: job.id,
      status_url: `${this.url}/${root}/requests/${job.id}/status`,
      response_url: `${this.url}/${root}/requests/${job.id}`,
      cancel_url: `${this.url}/${root}/requests/${job.id}/cancel`,
    });
  }
}

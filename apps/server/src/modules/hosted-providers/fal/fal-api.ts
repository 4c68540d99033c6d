/**
 * fal.ai's queue API (docs.fal.ai, queue and webhooks): `POST {queue}/{app}?fal_webhook=…` answers
 * `{request_id, status_url, response_url, cancel_url}`; `GET …/requests/{id}/status` reads the
 * state, `GET …/requests/{id}` the result, `PUT …/requests/{id}/cancel` cancels. The subject is
 * trained into a LoRA (`fal-ai/flux-lora-portrait-trainer`) and rendered with `fal-ai/flux-lora`.
 * The webhook body is `{request_id, status: "OK" | "ERROR", payload, error}`.
 */
import { checkAccess } from '../check-access.js';
import type { FalSettings } from '../hosted-settings.js';
import type { WebhookRequest } from '../../processing/providers/types.js';
import { PermanentJobError } from '../../processing/providers/types.js';
import { tokenMatches } from '../callback-url.js';
import type { ExternalJobRow } from '../external-jobs.js';
import {
  WebhookRejected,
  type GenerationInput,
  type HostedApi,
  type Submitted,
  type TrainingInput,
} from '../hosted-api.js';
import { callJson, MalformedResponse, str, trimBase } from '../http.js';
import { renderSize } from '../dimensions.js';
import type { JobKind, RemoteResult } from '../remote-result.js';
import { zipPhotos } from '../subject-zip.js';
import { readFalOutput } from './fal-output.js';

export const FAL_QUEUE_URL = 'https://queue.fal.run';

/** A request id no job has: the connection test's status read. */
const NO_REQUEST = '00000000-0000-4000-8000-000000000000';

/** Status and result paths take the app's owner/name only (`fal-ai/flux/dev` → `fal-ai/flux`). */
function appRoot(app: string): string {
  return app.split('/').slice(0, 2).join('/');
}

export class FalApi implements HostedApi {
  readonly name = 'fal' as const;

  constructor(
    private readonly settings: () => FalSettings,
    private readonly baseUrl: string = FAL_QUEUE_URL,
  ) {}

  misconfigured(): string | null {
    return this.settings().apiKey
      ? null
      : 'fal is not configured: set processing.fal.apiKey in the settings.';
  }

  private get headers(): Record<string, string> {
    return { authorization: `Key ${this.settings().apiKey}` };
  }

  /**
   * fal has no account endpoint on its queue: asking for the status of a request that does not
   * exist answers 404 to a valid key and 401 to a wrong one, and starts nothing.
   */
  async checkAccess(): Promise<void> {
    const url = `${trimBase(this.baseUrl)}/${appRoot(this.settings().inferenceApp)}/requests/${NO_REQUEST}/status`;
    await checkAccess('fal', url, this.headers, [200, 404]);
  }

  private async submit(app: string, input: Record<string, unknown>, callbackUrl: string): Promise<Submitted> {
    const url = `${trimBase(this.baseUrl)}/${app}?fal_webhook=${encodeURIComponent(callbackUrl)}`;
    const body = await callJson('fal', url, { json: input, headers: this.headers });
    return { externalId: str('fal', body, 'request_id'), meta: { app } };
  }

  async train(input: TrainingInput): Promise<Submitted> {
    const app = this.settings().trainingApp;
    const zip = await zipPhotos(input.photos);
    // note: fal takes file inputs as data URIs too, so no public upload of the selfies is needed.
    const images = `data:application/zip;base64,${zip.toString('base64')}`;
    const trigger = app.includes('portrait')
      ? { trigger_phrase: input.trigger }
      : { trigger_word: input.trigger };
    return this.submit(app, { images_data_url: images, ...trigger, create_masks: true }, input.callbackUrl);
  }

  async generate(input: GenerationInput): Promise<Submitted> {
    return this.submit(
      this.settings().inferenceApp,
      {
        prompt: input.prompt,
        loras: [{ path: input.modelRef, scale: 1 }],
        image_size: renderSize(input.aspect),
        num_images: input.count,
        seed: input.seed,
        output_format: 'jpeg',
        enable_safety_checker: true,
      },
      input.callbackUrl,
    );
  }

  private requestUrl(row: ExternalJobRow, suffix = ''): string {
    const app = typeof row.meta.app === 'string' ? row.meta.app : this.settings().inferenceApp;
    return `${trimBase(this.baseUrl)}/${appRoot(app)}/requests/${encodeURIComponent(row.externalId)}${suffix}`;
  }

  async poll(row: ExternalJobRow): Promise<RemoteResult> {
    const status = await callJson('fal', this.requestUrl(row, '/status'), { headers: this.headers });
    const state = str('fal', status, 'status');
    if (state === 'IN_QUEUE' || state === 'IN_PROGRESS') return { state: 'pending' };
    if (state !== 'COMPLETED')
      throw new MalformedResponse(`fal answered with an unknown status "${state.slice(0, 40)}".`);
    if (typeof status.error === 'string' && status.error)
      return { state: 'failed', error: status.error.slice(0, 500) };
    try {
      const result = await callJson('fal', this.requestUrl(row), { headers: this.headers });
      return readFalOutput(row.kind, result);
    } catch (err) {
      // note: a request that failed reports COMPLETED, and its result answers with the error (4xx).
      if (err instanceof PermanentJobError) return { state: 'failed', error: err.message };
      throw err;
    }
  }

  async cancel(row: ExternalJobRow): Promise<void> {
    await callJson('fal', this.requestUrl(row, '/cancel'), { method: 'PUT', headers: this.headers });
  }

  async readWebhook(
    req: WebhookRequest,
    row: ExternalJobRow,
  ): Promise<{ externalId: string; result: RemoteResult }> {
    if (!tokenMatches(row, req.query.token))
      throw new WebhookRejected(401, 'The webhook could not be verified.');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.rawBody.toString('utf8')) as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || typeof body.request_id !== 'string') throw new Error();
    } catch {
      throw new WebhookRejected(400, 'The webhook body is not a fal callback.');
    }
    const externalId = body.request_id as string;
    if (body.status === 'ERROR') {
      const detail =
        typeof body.error === 'string' && body.error
          ? body.error
          : JSON.stringify(body.payload ?? {}).slice(0, 300);
      return { externalId, result: { state: 'failed', error: detail } };
    }
    if (body.status !== 'OK') throw new WebhookRejected(400, 'The webhook body is not a fal callback.');
    try {
      return { externalId, result: readFalOutput(row.kind as JobKind, body.payload) };
    } catch {
      throw new WebhookRejected(400, 'The webhook payload is not what fal documents.');
    }
  }
}

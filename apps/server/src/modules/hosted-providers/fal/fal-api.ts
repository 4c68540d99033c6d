/**
 * fal.ai's queue API (fal docs "Queue", "Webhooks"; @fal-ai/client queue.ts): `POST {queue}/{app}
 * ?fal_webhook=…` answers `{request_id, status_url, response_url, cancel_url}`; `GET
 * …/requests/{id}/status` reads IN_QUEUE, IN_PROGRESS or COMPLETED, `GET …/requests/{id}` the
 * result, `PUT …/requests/{id}/cancel` cancels. The subject's selfies go to fal's storage first
 * (fal-storage.ts) and the trainer (`fal-ai/flux-lora-portrait-trainer`) gets the file's URL; the
 * LoRA it makes renders with `fal-ai/flux-lora`. Every submission carries `X-Fal-Store-IO: 0`
 * (fal docs "Payloads": otherwise fal keeps the request's inputs and outputs for 30 days).
 * Callbacks `{request_id, status: "OK" | "ERROR", payload, error, payload_error}` must carry fal's
 * ED25519 signature (fal-signature.ts) as well as our per-job token.
 */
import { checkAccess } from '../check-access.js';
import { checkFalApps } from './fal-apps.js';
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
import { callJson, str, trimBase } from '../http.js';
import { renderSize } from '../dimensions.js';
import type { RemoteResult } from '../remote-result.js';
import { zipPhotos } from '../subject-zip.js';
import { FalJwks } from './fal-jwks.js';
import { readFalCallback } from './fal-callback.js';
import { readFalOutput } from './fal-output.js';
import { readFalStatus, type FalStatus } from './fal-status.js';
import { uploadToFalStorage } from './fal-storage.js';
import { isFresh, readSignedHeaders, signatureMatches } from './fal-signature.js';

export type FalEndpoints = { queue: string; rest: string; jwks: string; platform: string };

export const FAL_ENDPOINTS: FalEndpoints = {
  queue: 'https://queue.fal.run',
  rest: 'https://rest.fal.ai',
  jwks: 'https://rest.fal.ai/.well-known/jwks.json',
  platform: 'https://api.fal.ai',
};

/** One local server standing in for all of fal (tests): its queue, storage, key set and platform API. */
export function falEndpointsAt(base: string): FalEndpoints {
  const b = trimBase(base);
  return { queue: b, rest: b, jwks: `${b}/.well-known/jwks.json`, platform: b };
}

/** A request id no job has: the connection test's status read. */
const NO_REQUEST = '00000000-0000-4000-8000-000000000000';

/**
 * How long fal keeps the uploaded selfie zip: a day beyond the longest job timeout an operator can
 * set (1440 minutes), as the trainer reads it when it starts, which may be after a wait in the queue.
 */
const SELFIES_EXPIRE_SECONDS = 2 * 86_400;

/** Status and result paths take the app's owner/name only (`fal-ai/flux/dev` → `fal-ai/flux`). */
function appRoot(app: string): string {
  return app.split('/').slice(0, 2).join('/');
}

export class FalApi implements HostedApi {
  readonly name = 'fal' as const;
  private readonly endpoints: FalEndpoints;
  private readonly jwks: FalJwks;

  constructor(
    private readonly settings: () => FalSettings,
    baseUrl?: string,
  ) {
    this.endpoints = baseUrl ? falEndpointsAt(baseUrl) : FAL_ENDPOINTS;
    this.jwks = new FalJwks(this.endpoints.jwks);
  }

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
    const url = `${this.endpoints.queue}/${appRoot(this.settings().inferenceApp)}/requests/${NO_REQUEST}/status`;
    await checkAccess('fal', url, this.headers, [200, 404]);
  }

  /** fal's model search (platform API `GET /v1/models?endpoint_id=…`) must know both configured apps as active. */
  async checkPortraits(): Promise<string> {
    const { trainingApp, inferenceApp } = this.settings();
    await checkFalApps(this.endpoints.platform, [trainingApp, inferenceApp]);
    return (
      `fal accepted the key, and both apps are active: ${trainingApp} trains each person's LoRA, ` +
      `${inferenceApp} renders the portraits. This configuration can make real portraits.`
    );
  }

  private async submit(app: string, input: Record<string, unknown>, callbackUrl: string): Promise<Submitted> {
    const url = `${this.endpoints.queue}/${app}?fal_webhook=${encodeURIComponent(callbackUrl)}`;
    const headers = { ...this.headers, 'x-fal-store-io': '0' };
    const body = await callJson('fal', url, { json: input, headers });
    return { externalId: str('fal', body, 'request_id'), meta: { app } };
  }

  async train(input: TrainingInput): Promise<Submitted> {
    const app = this.settings().trainingApp;
    const zip = await zipPhotos(input.photos);
    const zipUrl = await uploadToFalStorage(this.endpoints.rest, this.headers, {
      data: zip,
      contentType: 'application/zip',
      fileName: 'selfies.zip',
      expiresInSeconds: SELFIES_EXPIRE_SECONDS,
    });
    // The portrait trainer names its trigger `trigger_phrase`; fal's general LoRA trainers `trigger_word`.
    const trigger = app.includes('portrait')
      ? { trigger_phrase: input.trigger }
      : { trigger_word: input.trigger };
    return this.submit(app, { images_data_url: zipUrl, ...trigger, create_masks: true }, input.callbackUrl);
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
    return `${this.endpoints.queue}/${appRoot(app)}/requests/${encodeURIComponent(row.externalId)}${suffix}`;
  }

  async poll(row: ExternalJobRow): Promise<RemoteResult> {
    const status = readFalStatus(
      await callJson('fal', this.requestUrl(row, '/status'), { headers: this.headers }),
    );
    if (status.state !== 'COMPLETED') return { state: 'pending' };
    if (status.error) return { state: 'failed', error: status.error };
    try {
      const result = await callJson('fal', this.requestUrl(row), { headers: this.headers });
      return readFalOutput(row.kind, result);
    } catch (err) {
      // note: a request that failed reports COMPLETED, and its result answers with the error (4xx).
      if (err instanceof PermanentJobError) return { state: 'failed', error: err.message };
      throw err;
    }
  }

  /**
   * fal removes a request still IN_QUEUE; one already running only gets a cancellation signal,
   * which a model may ignore (fal docs "Handle cancellations"), and a finished one answers 400
   * ALREADY_COMPLETED. So the state is read first, and only a queued request counts as stopped.
   */
  async cancel(row: ExternalJobRow): Promise<string | void> {
    let status: FalStatus;
    try {
      status = readFalStatus(
        await callJson('fal', this.requestUrl(row, '/status'), { headers: this.headers }),
      );
    } catch (err) {
      // A request fal no longer knows cannot run, nor be billed: nothing to stop.
      if (err instanceof PermanentJobError && err.message.startsWith('fal answered 404:')) return;
      throw err;
    }
    if (status.state === 'COMPLETED') return this.notStopped(row, 'it had already finished');
    try {
      await callJson('fal', this.requestUrl(row, '/cancel'), { method: 'PUT', headers: this.headers });
    } catch (err) {
      if (err instanceof PermanentJobError && err.message.startsWith('fal answered 400:'))
        return this.notStopped(row, 'it had already finished');
      throw err;
    }
    if (status.state === 'IN_PROGRESS')
      return this.notStopped(row, 'it was already running, and fal cannot stop a running request');
  }

  private notStopped(row: ExternalJobRow, why: string): string {
    const note = `fal request ${row.externalId} was not cancelled: ${why}; it will be billed, and its result is discarded.`;
    console.warn(`[processing] ${row.kind} of photoshoot ${row.photoshoot}: ${note}`);
    return note;
  }

  async readWebhook(
    req: WebhookRequest,
    row: ExternalJobRow,
  ): Promise<{ externalId: string; result: RemoteResult }> {
    // Our per-job token first (no key fetch for junk), then fal's own signature.
    if (!tokenMatches(row, req.query.token) || !(await this.signedByFal(req)))
      throw new WebhookRejected(401, 'The webhook could not be verified.');
    const signedId = req.headers['x-fal-webhook-request-id'];
    return readFalCallback(row.kind, req.rawBody, signedId ?? '');
  }

  private async signedByFal(req: WebhookRequest): Promise<boolean> {
    const signed = readSignedHeaders(req.headers);
    if (!signed || !isFresh(signed.timestamp, Math.floor(Date.now() / 1000))) return false;
    if (signatureMatches(signed, req.rawBody, await this.jwks.current())) return true;
    // fal may have rotated its keys since we fetched them.
    const fresh = await this.jwks.refreshed();
    return !!fresh && signatureMatches(signed, req.rawBody, fresh);
  }
}

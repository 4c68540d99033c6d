/**
 * Replicate's HTTP API (`Authorization: Bearer`): the selfies go up as one zip through
 * `POST /v1/files`, a training `POST /v1/models/{owner}/{name}/versions/{version}/trainings`
 * writes a new version of the destination model, and predictions `POST /v1/predictions` render
 * with it; `GET /v1/{trainings|predictions}/{id}` and `…/cancel`. Webhooks are signed per
 * Standard Webhooks with the account's secret (`GET /v1/webhooks/default/secret`).
 */
import { checkAccess } from '../check-access.js';
import type { ReplicateSettings } from '../hosted-settings.js';
import type { WebhookRequest } from '../../processing/providers/types.js';
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
import type { RemoteResult } from '../remote-result.js';
import { zipPhotos } from '../subject-zip.js';
import { readReplicateObject } from './replicate-output.js';
import { verifyStandardWebhook } from './standard-webhooks.js';

export const REPLICATE_API_URL = 'https://api.replicate.com';

export class ReplicateApi implements HostedApi {
  readonly name = 'replicate' as const;
  /** The account's webhook secret when not in the settings, fetched once per token. */
  private fetchedSecret: { token: string; secret: string } | null = null;

  constructor(
    private readonly settings: () => ReplicateSettings,
    private readonly baseUrl: string = REPLICATE_API_URL,
  ) {}

  misconfigured(): string | null {
    const s = this.settings();
    if (!s.apiToken) return 'Replicate is not configured: set processing.replicate.apiToken in the settings.';
    if (!s.trainerVersion || !s.destination)
      return 'Replicate is not configured: set processing.replicate.trainerVersion and destination in the settings.';
    return null;
  }

  private url(path: string): string {
    return `${trimBase(this.baseUrl)}${path}`;
  }

  private get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.settings().apiToken}` };
  }

  /** `GET /v1/account`: the token's own account, free. */
  async checkAccess(): Promise<void> {
    await checkAccess('Replicate', this.url('/v1/account'), this.headers);
  }

  async train(input: TrainingInput): Promise<Submitted> {
    const s = this.settings();
    const form = new FormData();
    form.append(
      'content',
      new Blob([new Uint8Array(await zipPhotos(input.photos))], { type: 'application/zip' }),
      `${input.jobKey}.zip`,
    );
    const file = await callJson('Replicate', this.url('/v1/files'), { form, headers: this.headers });
    const zipUrl = str('Replicate', (file.urls ?? {}) as Record<string, unknown>, 'get');
    const [model, version] = s.trainerVersion.split(':') as [string, string];
    const body = await callJson('Replicate', this.url(`/v1/models/${model}/versions/${version}/trainings`), {
      headers: this.headers,
      json: {
        destination: s.destination,
        input: { input_images: zipUrl, trigger_word: input.trigger },
        webhook: input.callbackUrl,
        webhook_events_filter: ['completed'],
      },
    });
    return { externalId: str('Replicate', body, 'id'), meta: { path: 'trainings' } };
  }

  async generate(input: GenerationInput): Promise<Submitted> {
    // note: a trained version is `owner/model:hash`; predictions take the hash.
    const version = input.modelRef.includes(':') ? input.modelRef.split(':')[1]! : input.modelRef;
    const body = await callJson('Replicate', this.url('/v1/predictions'), {
      headers: this.headers,
      json: {
        version,
        input: {
          prompt: input.prompt,
          num_outputs: input.count,
          aspect_ratio: input.aspect,
          seed: input.seed,
          output_format: 'jpg',
        },
        webhook: input.callbackUrl,
        webhook_events_filter: ['completed'],
      },
    });
    return { externalId: str('Replicate', body, 'id'), meta: { path: 'predictions' } };
  }

  private objectPath(row: ExternalJobRow): string {
    return `/v1/${row.kind === 'train' ? 'trainings' : 'predictions'}/${encodeURIComponent(row.externalId)}`;
  }

  async poll(row: ExternalJobRow): Promise<RemoteResult> {
    return readReplicateObject(
      row.kind,
      await callJson('Replicate', this.url(this.objectPath(row)), { headers: this.headers }),
    );
  }

  async cancel(row: ExternalJobRow): Promise<void> {
    await callJson('Replicate', this.url(`${this.objectPath(row)}/cancel`), {
      method: 'POST',
      headers: this.headers,
    });
  }

  private async webhookSecret(): Promise<string> {
    const s = this.settings();
    if (s.webhookSecret) return s.webhookSecret;
    if (this.fetchedSecret?.token === s.apiToken) return this.fetchedSecret.secret;
    const body = await callJson('Replicate', this.url('/v1/webhooks/default/secret'), {
      headers: this.headers,
    });
    const secret = str('Replicate', body, 'key');
    if (!secret.startsWith('whsec_'))
      throw new MalformedResponse('Replicate answered with a malformed webhook secret.');
    this.fetchedSecret = { token: s.apiToken, secret };
    return secret;
  }

  async readWebhook(
    req: WebhookRequest,
    row: ExternalJobRow,
  ): Promise<{ externalId: string; result: RemoteResult }> {
    let secret: string;
    try {
      secret = await this.webhookSecret();
    } catch {
      throw new WebhookRejected(401, 'The webhook could not be verified.');
    }
    if (!tokenMatches(row, req.query.token) || !verifyStandardWebhook(secret, req.headers, req.rawBody))
      throw new WebhookRejected(401, 'The webhook could not be verified.');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.rawBody.toString('utf8')) as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || typeof body.id !== 'string') throw new Error();
      return { externalId: body.id as string, result: readReplicateObject(row.kind, body) };
    } catch {
      throw new WebhookRejected(400, 'The webhook body is not a Replicate prediction or training.');
    }
  }
}

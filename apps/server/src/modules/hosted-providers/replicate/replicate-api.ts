/**
 * Replicate's HTTP API (`Authorization: Bearer`): the selfies go up as one zip through
 * `POST /v1/files`, a training `POST /v1/models/{owner}/{name}/versions/{version}/trainings`
 * writes a new version of the destination model, and predictions `POST /v1/predictions` render
 * with it; `GET /v1/{trainings|predictions}/{id}` and `…/cancel`. Webhooks are signed per
 * Standard Webhooks with the account's secret (`GET /v1/webhooks/default/secret`).
 *
 * With only a token set, the trainer is DEFAULT_REPLICATE_TRAINER and the destination is
 * `<the token's account>/photoshoot-subjects`, created private (`POST /v1/models`) the first time
 * a training needs it: a training must name an existing model its account owns
 * (replicate.com/docs/reference/http#trainings.create; replicate-javascript lib/models.js
 * `createModel`: owner must be the token's account, visibility and hardware required).
 *
 * Replicate has no idempotency key, so a submission whose answer was lost is looked for in the
 * account's listing (`GET /v1/{predictions|trainings}`, newest first, `next` cursor pages) by the
 * webhook URL it carried, which names our row and its secret, before it is ever sent again.
 */
import { AccessCheckFailed, checkAccess } from '../check-access.js';
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
import { callJson, findJson, MalformedResponse, str, trimBase } from '../http.js';
import { parseDate } from '../../../tools/dates.js';
import type { RemoteResult } from '../remote-result.js';
import { zipPhotos } from '../subject-zip.js';
import { readReplicateObject } from './replicate-output.js';
import { verifyStandardWebhook } from './standard-webhooks.js';

export const REPLICATE_API_URL = 'https://api.replicate.com';

/**
 * ostris/flux-dev-lora-trainer, the FLUX.1 [dev] LoRA trainer Replicate's fine-tuning guide
 * uses (replicate.com/ostris/flux-dev-lora-trainer/train), pinned: trainer versions get
 * deprecated, so "test connection" checks that this one still exists for the account.
 */
export const DEFAULT_REPLICATE_TRAINER =
  'ostris/flux-dev-lora-trainer:26dce37af90b9d997eeb970d92e47de3064d46c300504ae376c75bef6a9022d2';
/** The model each training writes a version of, in the token's account, when none is set. */
export const DEFAULT_DESTINATION_NAME = 'photoshoot-subjects';
/** Pages of the listing looked through for a lost submission (100 jobs a page, newest first). */
const LOOKUP_PAGES = 3;
/** Clock difference allowed between Replicate's `created_at` and our row's. */
const CLOCK_SKEW_MS = 5 * 60_000;

export class ReplicateApi implements HostedApi {
  readonly name = 'replicate' as const;
  /** The account's webhook secret when not in the settings, fetched once per token. */
  private fetchedSecret: { token: string; secret: string } | null = null;
  /** The token's account name, and the destination known to exist, per token. */
  private known: { token: string; account: string; destination?: string } | null = null;

  constructor(
    private readonly settings: () => ReplicateSettings,
    private readonly baseUrl: string = REPLICATE_API_URL,
  ) {}

  misconfigured(): string | null {
    if (!this.settings().apiToken)
      return 'Replicate is not configured: set processing.replicate.apiToken in the settings.';
    return null;
  }

  private trainer(): { model: string; version: string; ref: string } {
    const ref = this.settings().trainerVersion || DEFAULT_REPLICATE_TRAINER;
    const [model, version] = ref.split(':') as [string, string];
    return { model, version, ref };
  }

  /** `GET /v1/account`: the name models are owned under. */
  private async account(): Promise<string> {
    const token = this.settings().apiToken;
    if (this.known?.token === token) return this.known.account;
    const body = await callJson('Replicate', this.url('/v1/account'), { headers: this.headers });
    this.known = { token, account: str('Replicate', body, 'username') };
    return this.known.account;
  }

  private async destination(): Promise<string> {
    return this.settings().destination || `${await this.account()}/${DEFAULT_DESTINATION_NAME}`;
  }

  private modelPath(ref: string): string {
    const [owner, name] = ref.split('/') as [string, string];
    return `/v1/models/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
  }

  /** The destination, created (private) when it does not exist yet. */
  private async ensureDestination(): Promise<string> {
    const destination = await this.destination();
    if (this.known?.destination === destination) return destination;
    const found = await findJson('Replicate', this.url(this.modelPath(destination)), {
      headers: this.headers,
    });
    if (!found) {
      const [owner, name] = destination.split('/') as [string, string];
      await callJson('Replicate', this.url('/v1/models'), {
        headers: this.headers,
        json: {
          owner,
          name,
          visibility: 'private',
          // note: a trained version runs on the hardware its trainer chose; the model needs a valid SKU.
          hardware: 'cpu',
          description: 'Subjects trained for photoshoots (one version per person).',
        },
      });
    }
    if (this.known) this.known.destination = destination;
    return destination;
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
    const form = new FormData();
    form.append(
      'content',
      new Blob([new Uint8Array(await zipPhotos(input.photos))], { type: 'application/zip' }),
      `${input.jobKey}.zip`,
    );
    const destination = await this.ensureDestination();
    const file = await callJson('Replicate', this.url('/v1/files'), { form, headers: this.headers });
    const zipUrl = str('Replicate', (file.urls ?? {}) as Record<string, unknown>, 'get');
    const { model, version } = this.trainer();
    const body = await callJson('Replicate', this.url(`/v1/models/${model}/versions/${version}/trainings`), {
      headers: this.headers,
      json: {
        destination,
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

  async findSubmitted(row: ExternalJobRow): Promise<Submitted | null> {
    const path = row.kind === 'train' ? 'trainings' : 'predictions';
    const since = (parseDate(row.created)?.getTime() ?? 0) - CLOCK_SKEW_MS;
    const base = `${trimBase(this.baseUrl)}/`;
    let next: string | null = this.url(`/v1/${path}`);
    for (let page = 0; next && page < LOOKUP_PAGES; page++) {
      const body: Record<string, unknown> = await callJson('Replicate', next, { headers: this.headers });
      const results = Array.isArray(body.results) ? (body.results as Record<string, unknown>[]) : [];
      for (const item of results) {
        if (typeof item.id === 'string' && this.carriesRow(item.webhook, row))
          return { externalId: item.id, meta: { path } };
      }
      const oldest = Date.parse(String(results.at(-1)?.created_at ?? ''));
      if (!results.length || oldest < since) break;
      // note: the cursor must stay on the API we hold the token for.
      next = typeof body.next === 'string' && body.next.startsWith(base) ? body.next : null;
    }
    return null;
  }

  /** Whether a job's webhook URL is the one `row`'s submission carried (its id and its secret). */
  private carriesRow(webhook: unknown, row: ExternalJobRow): boolean {
    if (typeof webhook !== 'string') return false;
    try {
      const q = new URL(webhook).searchParams;
      return q.get('job') === row.id && tokenMatches(row, q.get('token') ?? '');
    } catch {
      return false;
    }
  }

  async checkPortraits(): Promise<string> {
    const { model, version, ref } = this.trainer();
    try {
      const account = await this.account();
      const trainer = await findJson('Replicate', this.url(`${this.modelPath(model)}/versions/${version}`), {
        headers: this.headers,
      });
      if (!trainer)
        throw new AccessCheckFailed(
          `The trainer ${ref} does not exist on Replicate or this account cannot use it (trainer versions get deprecated): ` +
            `set processing.replicate.trainerVersion to a current version of ${model}. Until then no photoshoot can get real portraits.`,
        );
      const destination = await this.destination();
      const exists = await findJson('Replicate', this.url(this.modelPath(destination)), {
        headers: this.headers,
      });
      const owner = destination.split('/')[0];
      if (!exists && owner !== account)
        throw new AccessCheckFailed(
          `The destination model ${destination} does not exist, and this token (account ${account}) cannot create it under ${owner}: ` +
            `create it on Replicate, or leave the destination blank to use ${account}/${DEFAULT_DESTINATION_NAME}. Until then no photoshoot can get real portraits.`,
        );
      const where = exists
        ? `the destination model ${destination} exists`
        : `the destination model ${destination} does not exist yet and will be created (private) at the first training`;
      return `Replicate accepted the token (account ${account}). The trainer ${ref} exists and this account can use it; ${where}. This configuration can make real portraits.`;
    } catch (err) {
      if (err instanceof AccessCheckFailed) throw err;
      throw new AccessCheckFailed(err instanceof Error ? err.message : String(err));
    }
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

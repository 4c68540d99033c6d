/**
 * Astria's API (astriaai/astria-docs, `Authorization: Bearer`): `POST /tunes` (multipart images)
 * trains a tune, and a repeated `title` returns the existing tune, so our job row id as the title
 * makes a resubmission after a crash free; `POST /tunes/:id/prompts` renders,
 * `GET /tunes/:id` and `GET /tunes/:id/prompts/:id` read them. Callbacks POST `{tune}` or
 * `{prompt}` unsigned: the per-job token in the callback URL authenticates them.
 */
import { checkAccess } from '../check-access.js';
import type { AstriaSettings } from '../hosted-settings.js';
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
import { renderSize } from '../dimensions.js';
import { callJson, str, trimBase } from '../http.js';
import type { RemoteResult } from '../remote-result.js';
import { trainingPhotos } from '../subject-zip.js';
import { readPrompt, readTune } from './astria-output.js';

export const ASTRIA_API_URL = 'https://api.astria.ai';

/** Tune and prompt ids are separate sequences: prefix them so both fit one unique column. */
const TUNE = 'tune-';
const PROMPT = 'prompt-';

export class AstriaApi implements HostedApi {
  readonly name = 'astria' as const;

  constructor(
    private readonly settings: () => AstriaSettings,
    private readonly baseUrl: string = ASTRIA_API_URL,
  ) {}

  misconfigured(): string | null {
    return this.settings().apiKey
      ? null
      : 'Astria is not configured: set processing.astria.apiKey in the settings.';
  }

  private url(path: string): string {
    return `${trimBase(this.baseUrl)}${path}`;
  }

  private get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.settings().apiKey}` };
  }

  /** `GET /tunes`: the account's tunes (a list read, free). */
  async checkAccess(): Promise<void> {
    await checkAccess('Astria', this.url('/tunes'), this.headers);
  }

  async train(input: TrainingInput): Promise<Submitted> {
    const form = new FormData();
    form.append('tune[title]', input.jobKey);
    form.append('tune[name]', input.subjectClass);
    form.append('tune[branch]', this.settings().branch);
    form.append('tune[token]', input.trigger);
    form.append('tune[callback]', input.callbackUrl);
    for (const p of await trainingPhotos(input.photos))
      form.append('tune[images][]', new Blob([new Uint8Array(p.data)], { type: p.type }), p.name);
    const tune = await callJson('Astria', this.url('/tunes'), { form, headers: this.headers });
    return { externalId: `${TUNE}${str('Astria', tune, 'id')}` };
  }

  async generate(input: GenerationInput): Promise<Submitted> {
    const { width, height } = renderSize(input.aspect);
    const prompt = await callJson(
      'Astria',
      this.url(`/tunes/${encodeURIComponent(input.modelRef)}/prompts`),
      {
        headers: this.headers,
        json: {
          prompt: {
            text: input.prompt,
            negative_prompt: input.negativePrompt,
            num_images: input.count,
            w: width,
            h: height,
            seed: input.seed,
            super_resolution: true,
            face_correct: true,
            callback: input.callbackUrl,
          },
        },
      },
    );
    return { externalId: `${PROMPT}${str('Astria', prompt, 'id')}`, meta: { tune: input.modelRef } };
  }

  private path(row: ExternalJobRow): string {
    if (row.externalId.startsWith(TUNE))
      return `/tunes/${encodeURIComponent(row.externalId.slice(TUNE.length))}`;
    const tune = encodeURIComponent(String(row.meta.tune ?? ''));
    return `/tunes/${tune}/prompts/${encodeURIComponent(row.externalId.slice(PROMPT.length))}`;
  }

  async poll(row: ExternalJobRow): Promise<RemoteResult> {
    const body = await callJson('Astria', this.url(this.path(row)), { headers: this.headers });
    return row.kind === 'train' ? readTune(body) : readPrompt(body);
  }

  async cancel(row: ExternalJobRow): Promise<void> {
    await callJson('Astria', this.url(this.path(row)), { method: 'DELETE', headers: this.headers });
  }

  async readWebhook(
    req: WebhookRequest,
    row: ExternalJobRow,
  ): Promise<{ externalId: string; result: RemoteResult }> {
    if (!tokenMatches(row, req.query.token))
      throw new WebhookRejected(401, 'The webhook could not be verified.');
    try {
      const body = JSON.parse(req.rawBody.toString('utf8')) as Record<string, unknown>;
      const key = row.kind === 'train' ? 'tune' : 'prompt';
      const obj = body?.[key] as Record<string, unknown> | undefined;
      if (!obj || typeof obj !== 'object') throw new Error();
      const result = row.kind === 'train' ? readTune(obj) : readPrompt(obj);
      return { externalId: `${row.kind === 'train' ? TUNE : PROMPT}${String(obj.id)}`, result };
    } catch {
      throw new WebhookRejected(400, 'The webhook body is not an Astria callback.');
    }
  }
}

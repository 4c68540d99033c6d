/**
 * Astria's API (docs.astria.ai, `Authorization: Bearer`): `POST /tunes` (multipart `tune[…]`,
 * images as `tune[images][]`) trains the subject, `POST /tunes/:id/prompts` renders on the tune the
 * model family's documented flow names (astria-flow.ts), `GET /tunes/:id` and
 * `GET /tunes/:id/prompts/:id` read them, `DELETE` cancels. Our job row id is the tune's `title`
 * and sits in every callback URL, so a resubmission finds what an unanswered one made
 * (astria-lookup.ts) instead of relying on the account's idempotency setting. Callbacks POST
 * `{tune}` or `{prompt}` unsigned: the per-job token in the callback URL authenticates them.
 */
import { checkAccess } from '../check-access.js';
import type { AstriaSettings } from '../hosted-settings.js';
import { PermanentJobError, type WebhookRequest } from '../../processing/providers/types.js';
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
import type { RemoteResult } from '../remote-result.js';
import { trainingPhotos } from '../subject-zip.js';
import { promptRequest, trainedTune, tuneFields } from './astria-flow.js';
import { findPrompt, findTune, RESUBMIT_WAIT_MS, unanswered, waitAfterSend } from './astria-lookup.js';
import { readPrompt, readTune } from './astria-output.js';
import { astriaReadiness } from './astria-readiness.js';

export const ASTRIA_API_URL = 'https://api.astria.ai';

/** Tune and prompt ids are separate sequences: prefix them so both fit one unique column. */
const TUNE = 'tune-';
const PROMPT = 'prompt-';

/** Why a paid photoshoot is not sent while Astria is in mock mode (shown to operators). */
export const MOCK_REFUSAL =
  'Astria is set to mock output (its free "fast" branch returns placeholder images, not portraits), ' +
  'which only team test shoots may use; this paid photoshoot was not sent. Turn off ' +
  'processing.astria.mock to make real portraits.';

export class AstriaApi implements HostedApi {
  readonly name = 'astria' as const;
  /** How long a resubmission waits after the unanswered one was sent (Astria's advice; tests shorten it). */
  resubmitWaitMs = RESUBMIT_WAIT_MS;

  constructor(
    private readonly settings: () => AstriaSettings,
    private readonly baseUrl: string = ASTRIA_API_URL,
  ) {}

  misconfigured(): string | null {
    return this.settings().apiKey
      ? null
      : 'Astria is not configured: set processing.astria.apiKey in the settings.';
  }

  notice(): string | null {
    return this.settings().mock
      ? 'Astria is set to mock output: its free "fast" branch returns placeholder images, so only team ' +
          'test shoots run and paid photoshoots are refused.'
      : null;
  }

  private url(path: string): string {
    return `${trimBase(this.baseUrl)}${path}`;
  }

  private get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.settings().apiKey}` };
  }

  /** Mock output (the setting, or a tune trained on the mock branch) is for team test shoots only. */
  private refuseMock(testShoot: boolean, mockTune = false): void {
    if ((this.settings().mock || mockTune) && !testShoot) throw new PermanentJobError(MOCK_REFUSAL);
  }

  private list(path: string) {
    return (query: string) =>
      callJson<unknown>('Astria', this.url(`${path}${query}`), { headers: this.headers });
  }

  /** `GET /tunes`: the account's tunes (a list read, free). */
  async checkAccess(): Promise<void> {
    await checkAccess('Astria', this.url('/tunes'), this.headers);
  }

  async checkPortraits(): Promise<string> {
    return astriaReadiness(this.settings());
  }

  async train(input: TrainingInput): Promise<Submitted> {
    this.refuseMock(input.testShoot);
    const form = new FormData();
    for (const [k, v] of tuneFields(this.settings(), input)) form.append(k, v);
    for (const p of await trainingPhotos(input.photos))
      form.append('tune[images][]', new Blob([new Uint8Array(p.data)], { type: p.type }), p.name);
    const tune = await callJson('Astria', this.url('/tunes'), { form, headers: this.headers });
    return { externalId: `${TUNE}${str('Astria', tune, 'id')}` };
  }

  async generate(input: GenerationInput): Promise<Submitted> {
    const trained = trainedTune(this.settings(), input.modelRef);
    this.refuseMock(input.testShoot, trained.family === 'fast');
    const { tune, prompt } = promptRequest(trained, input);
    const made = await callJson('Astria', this.url(`/tunes/${encodeURIComponent(tune)}/prompts`), {
      headers: this.headers,
      json: { prompt },
    });
    return { externalId: `${PROMPT}${str('Astria', made, 'id')}`, meta: { tune } };
  }

  /**
   * What an unanswered submission under `row` made, if anything: first the minute Astria asks for
   * after a 504, then its newest tunes or prompts (astria-lookup.ts).
   */
  async findSubmitted(row: ExternalJobRow): Promise<Submitted | null> {
    const since = unanswered(row);
    await waitAfterSend(since, this.resubmitWaitMs);
    if (row.kind === 'train') {
      const tune = await findTune(this.list('/tunes'), since);
      return tune ? { externalId: `${TUNE}${str('Astria', tune, 'id')}` } : null;
    }
    const prompt = await findPrompt(this.list('/prompts'), since);
    if (!prompt) return null;
    // A prompt is read under the tune it was made on (Astria's prompt object names it).
    const trained = trainedTune(this.settings(), row.meta.model ?? '');
    const tune = prompt.tune_id ?? trained.base ?? trained.id;
    return { externalId: `${PROMPT}${str('Astria', prompt, 'id')}`, meta: { tune: String(tune) } };
  }

  private path(row: ExternalJobRow): string {
    if (row.externalId.startsWith(TUNE))
      return `/tunes/${encodeURIComponent(row.externalId.slice(TUNE.length))}`;
    const tune = encodeURIComponent(row.meta.tune ?? '');
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

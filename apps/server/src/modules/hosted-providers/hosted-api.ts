/**
 * What an adapter (fal, Replicate, Astria) must know of its service: how to submit a training
 * and a generation, read a job's state, cancel it, and read a callback. Everything else (the
 * store, waiting, downloads, prompts) is shared in hosted-provider.ts.
 */
import type { SubjectPhoto, WebhookRequest } from '../processing/providers/types.js';
import type { ExternalJobRow, JobMeta } from './external-jobs.js';
import type { RemoteResult } from './remote-result.js';

export type HostedName = 'fal' | 'replicate' | 'astria';

export type Submitted = { externalId: string; meta?: JobMeta };

export type TrainingInput = {
  /** Our idempotency key for the subject (Astria's tune `title`). */
  jobKey: string;
  photos: SubjectPhoto[];
  /** `man`, `woman` or `person`. */
  subjectClass: string;
  /** The word the trained model associates with the subject. */
  trigger: string;
  callbackUrl: string;
  /** A team's test shoot (no customer paid for it), the only kind a provider's mock mode may serve. */
  testShoot: boolean;
};

export type GenerationInput = {
  /** The trained model (fal: LoRA URL; Replicate: `owner/model:version`; Astria: tune id). */
  modelRef: string;
  prompt: string;
  negativePrompt: string;
  aspect: '1:1' | '4:5' | '3:4' | '2:3';
  count: number;
  seed: number;
  callbackUrl: string;
  testShoot: boolean;
};

export interface HostedApi {
  readonly name: HostedName;
  /** Null when usable, else why not (missing key…): a permanent failure of the job. */
  misconfigured(): string | null;
  /** What an operator must know of the configuration (e.g. it makes placeholder images), or null. */
  notice?(): string | null;
  /** The cheapest authenticated read of the service; fails (AccessCheckFailed) when the key is refused. */
  checkAccess(): Promise<void>;
  train(input: TrainingInput): Promise<Submitted>;
  generate(input: GenerationInput): Promise<Submitted>;
  poll(row: ExternalJobRow): Promise<RemoteResult>;
  /**
   * Optional, for services without an idempotency key: the job an earlier submission under `row`
   * created although its answer never reached us (a crash, a timeout, a 504), looked up at the
   * service before `row` is submitted again; null when there is none. Without it, that
   * resubmission may pay for a second job.
   */
  findSubmitted?(row: ExternalJobRow): Promise<Submitted | null>;
  /**
   * Optional: "test connection" beyond the key: whether this configuration can make real
   * portraits (the trainer or model exists and the account may use it). Answers, in words, what
   * was verified; throws AccessCheckFailed saying, in words, what is wrong.
   */
  checkPortraits?(): Promise<string>;
  /**
   * Asks the service to stop the job. Resolves with nothing when it stopped, or with a sentence
   * for the operator when it could not (it runs on, and is billed); either way the caller settles
   * the row, so whatever the job delivers later is discarded.
   */
  cancel(row: ExternalJobRow): Promise<string | void>;
  /**
   * Authenticates a callback for `row` (found by the `job` query parameter) and reads it.
   * Throws WebhookRejected when it is not genuine or not readable.
   */
  readWebhook(
    req: WebhookRequest,
    row: ExternalJobRow,
  ): Promise<{ externalId: string; result: RemoteResult }>;
}

/** A callback we refuse: 401 when it is not authentic, 400 when it is unreadable. */
export class WebhookRejected extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

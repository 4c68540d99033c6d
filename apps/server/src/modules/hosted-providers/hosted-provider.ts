/**
 * A hosted generation service behind the provider seam: training the subject in `prepare`,
 * one submission per `generate` (answered `pending`), then a webhook or the polling backstop
 * settles it (wait-for-row.ts) and the outputs are downloaded and made into our JPEGs. Every
 * submission is a row of `_external_jobs` first, so a retried or resumed attempt picks up a job
 * already under way (or a model already trained) instead of paying for it twice.
 */
import { createHash } from 'node:crypto';
import { parseDate } from '../../tools/dates.js';
import type { App } from '../../core/app.js';
import {
  PermanentJobError,
  type ExternalJob,
  type GenerateOutcome,
  type GenerateRequest,
  type GeneratedImage,
  type GenerationProvider,
  type PreparedSubject,
  type Subject,
  type WebhookRequest,
} from '../processing/providers/types.js';
import { acceptWebhook } from './accept-webhook.js';
import { callbackUrl } from './callback-url.js';
import { cancelJobRow, stopIfCancelled } from './cancel-job-row.js';
import {
  createJobRow,
  findByExternalId,
  isPlaceholder,
  latestForKey,
  markSending,
  setExternalId,
  settleJobRow,
  type ExternalJobRow,
  type JobMeta,
} from './external-jobs.js';
import { clearProviderAlert } from '../processing/provider-alerts.js';
import { fetchImage } from './fetch-image.js';
import { outputPolicy } from './output-hosts.js';
import type { HostedApi, Submitted } from './hosted-api.js';
import { buildPrompt, subjectClass, type SubjectProfile } from './prompt.js';
import type { JobKind, RemoteResult } from './remote-result.js';
import { loadSubjectProfile } from './subject-profile.js';
import { waitForRow } from './wait-for-row.js';

/** How long a finished generation's outputs are trusted to be downloadable (Replicate keeps them an hour). */
const FINISHED_REUSE_MS = 30 * 60_000;

/** The rare token trainers bind the subject to (the convention of DreamBooth-style trainers). */
export const TRIGGER = 'ohwx';

/** Fresh seeds tried when the service's safety checker withholds an image, before the attempt fails. */
export const FLAGGED_RETRIES = 2;

type HostedPrepared = PreparedSubject & { ref: string; profile: SubjectProfile | null };

/** What a generation row keeps of its request, so a withheld image can be asked for again. */
type GenerationMeta = NonNullable<JobMeta['request']>;

/** A 31-bit seed from the job's seed string and the variant: same inputs, same request. */
export function numericSeed(seed: string, variant: number): number {
  return createHash('sha256').update(`${seed}:${variant}`).digest().readUInt32BE(0) & 0x7fffffff;
}

export class HostedProvider implements GenerationProvider {
  constructor(
    private readonly app: App,
    readonly api: HostedApi,
  ) {}

  get name(): string {
    return this.api.name;
  }

  private assertConfigured(): void {
    const problem = this.api.misconfigured();
    if (problem) throw new PermanentJobError(problem);
  }

  /**
   * Submits through `submit` unless the newest row for `jobKey` is still pending: then that job
   * is resumed, or, if the submission never got an answer (a crash, a timeout, a 504), looked for
   * at the service first and resubmitted under the same row only when it is not there.
   */
  private async submitOnce(
    kind: JobKind,
    jobKey: string,
    photoshoot: string,
    meta: JobMeta,
    submit: (callbackUrl: string, row: ExternalJobRow) => Promise<Submitted>,
  ): Promise<ExternalJobRow> {
    const latest = await latestForKey(this.app.db, this.name, jobKey);
    if (latest && this.sameFinishedJob(latest, kind, meta)) return latest;
    if (latest && latest.result.state === 'pending' && !isPlaceholder(latest.externalId)) return latest;
    if (latest && latest.result.state === 'pending') {
      const found = await this.api.findSubmitted?.(latest);
      if (found) return this.recordWanted(latest, found);
    }
    const row =
      latest && latest.result.state === 'pending'
        ? latest
        : await createJobRow(this.app.db, { provider: this.name, kind, jobKey, photoshoot, meta });
    await markSending(this.app.db, row.id);
    const url = callbackUrl(this.app.settings.get().meta.appURL, this.name, row);
    let submitted: Submitted;
    try {
      submitted = await submit(url, row);
    } catch (err) {
      // note: a refused submission will not settle by itself; an unanswered one may still exist remotely.
      if (err instanceof PermanentJobError)
        await settleJobRow(this.app.db, row.id, { state: 'failed', error: err.message });
      // Cancelled while unanswered: the job it may have made is looked for and stopped now.
      else await stopIfCancelled(this.app.db, row, (r) => this.stopJob(r));
      throw err;
    }
    // The service took work: whatever credit alert stood for it is over.
    await clearProviderAlert(this.app, this.name);
    return this.recordWanted(row, submitted);
  }

  /** `record`, unless the row was cancelled while its submission was unanswered: then the job is stopped. */
  private async recordWanted(row: ExternalJobRow, submitted: Submitted): Promise<ExternalJobRow> {
    const recorded = await this.record(row, submitted);
    if (await stopIfCancelled(this.app.db, recorded, (r) => this.stopJob(r)))
      throw new PermanentJobError(`The ${this.name} job was cancelled while it was being submitted.`);
    return recorded;
  }

  /**
   * A generation that finished after its attempt gave up on it (its answer was lost, then its
   * webhook came) is the image a retry with the same seed and model asks for: taken, not paid
   * again, while its output files still exist at the provider.
   */
  private sameFinishedJob(row: ExternalJobRow, kind: JobKind, meta: JobMeta): boolean {
    if (kind !== 'generate' || row.result.state !== 'done') return false;
    const age = Date.now() - (parseDate(row.created)?.getTime() ?? 0);
    return row.meta.seed === meta.seed && row.meta.model === meta.model && age < FINISHED_REUSE_MS;
  }

  /** Records the service's id for `row` (or defers to the row that already holds that job). */
  private async record(row: ExternalJobRow, submitted: Submitted): Promise<ExternalJobRow> {
    const existing = await findByExternalId(this.app.db, this.name, submitted.externalId);
    // note: an idempotent service (Astria by tune title) may answer with a job another row holds.
    if (existing && existing.id !== row.id) {
      await settleJobRow(this.app.db, row.id, {
        state: 'failed',
        error: 'superseded by an earlier submission',
      });
      return existing;
    }
    const merged = { ...row.meta, ...submitted.meta };
    await setExternalId(this.app.db, row.id, submitted.externalId, merged);
    return { ...row, externalId: submitted.externalId, meta: merged };
  }

  async prepare(subject: Subject, signal?: AbortSignal): Promise<PreparedSubject> {
    this.assertConfigured();
    const profile = await loadSubjectProfile(this.app, subject.photoshootId);
    const jobKey = `train:${subject.photoshootId}`;
    // A model trained by an earlier attempt (or for a redo) is the same subject: reuse it.
    const latest = await latestForKey(this.app.db, this.name, jobKey);
    let result: RemoteResult | null = latest?.result.state === 'done' ? latest.result : null;
    if (!result) {
      const row = await this.submitOnce('train', jobKey, subject.photoshootId, {}, (url, r) =>
        this.api.train({
          jobKey: r.id,
          photos: subject.photos,
          subjectClass: subjectClass(profile),
          trigger: TRIGGER,
          callbackUrl: url,
          testShoot: subject.isTest,
        }),
      );
      result = await waitForRow(this.app, this.api, row, { signal });
    }
    if (result.state === 'failed') throw new Error(`${this.name} training failed: ${result.error}`);
    if (result.state !== 'done' || !result.ref)
      throw new Error(`${this.name} training finished without a model.`);
    const prepared: HostedPrepared = { subject, ref: result.ref, profile };
    return prepared;
  }

  async generate(prepared: PreparedSubject, req: GenerateRequest): Promise<GenerateOutcome> {
    this.assertConfigured();
    const { ref, profile } = prepared as HostedPrepared;
    if (!ref) throw new Error(`${this.name} has no trained model for this subject.`);
    const photoshoot = prepared.subject.photoshootId;
    const { prompt, negativePrompt } = buildPrompt(req.style, TRIGGER, profile ?? null);
    const seed = numericSeed(req.seed, req.variants[0] ?? 0);
    const jobKey = `gen:${photoshoot}:${req.style.id}:${req.variants.join(',')}`;
    const request: GenerationMeta = {
      prompt,
      negativePrompt,
      aspect: req.style.aspect,
      testShoot: prepared.subject.isTest,
    };
    const meta = { variants: req.variants, styleId: req.style.id, seed, model: ref, request };
    const row = await this.submitOnce('generate', jobKey, photoshoot, meta, (url) =>
      this.api.generate({
        ...request,
        modelRef: ref,
        count: req.variants.length,
        seed,
        callbackUrl: url,
      }),
    );
    return { state: 'pending', job: this.jobOf(row) };
  }

  /**
   * A generation whose image the safety checker withheld is submitted again with a fresh seed, at
   * most FLAGGED_RETRIES times; null when the tries are spent (or the row predates `request`).
   */
  private async retryFlagged(row: ExternalJobRow): Promise<ExternalJobRow | null> {
    const tries = row.meta.flaggedRetries ?? 0;
    const { request, model } = row.meta;
    if (tries >= FLAGGED_RETRIES || !request?.prompt || typeof model !== 'string') return null;
    const seed = numericSeed(`${row.meta.seed}:flagged`, tries + 1);
    const count = Array.isArray(row.meta.variants) ? row.meta.variants.length : 1;
    const meta = { ...row.meta, seed, flaggedRetries: tries + 1 };
    // A row written before testShoot was kept is a paid photoshoot's: the safe reading.
    const testShoot = request.testShoot === true;
    return this.submitOnce('generate', row.jobKey, row.photoshoot, meta, (url) =>
      this.api.generate({
        ...request,
        testShoot,
        modelRef: model,
        count,
        seed,
        callbackUrl: url,
      }),
    );
  }

  private jobOf(row: ExternalJobRow): ExternalJob {
    const variants = Array.isArray(row.meta.variants) ? row.meta.variants.map(Number) : [];
    return {
      provider: this.name,
      externalId: row.externalId,
      variants,
      styleId: row.meta.styleId ?? '',
    };
  }

  private async rowOf(job: ExternalJob): Promise<ExternalJobRow> {
    const row = await findByExternalId(this.app.db, this.name, job.externalId);
    if (!row) throw new Error(`${this.name} job ${job.externalId} is not one of ours.`);
    return row;
  }

  /** One look: the stored outcome, else one poll of the service. */
  async status(job: ExternalJob): Promise<GenerateOutcome> {
    const row = await this.rowOf(job);
    if (row.result.state === 'pending') {
      const polled = await this.api.poll(row);
      if (polled.state === 'pending') return { state: 'pending', job };
      await settleJobRow(this.app.db, row.id, polled);
      return this.outcome((await this.rowOf(job)).result, row, job);
    }
    return this.outcome(row.result, row, job);
  }

  /** Waits until the job settles (webhook or poll) and returns its outcome (see wait-for-row.ts). */
  async awaitOutcome(job: ExternalJob, signal?: AbortSignal, pollMs?: number): Promise<GenerateOutcome> {
    const row = await this.rowOf(job);
    const result = await waitForRow(this.app, this.api, row, { signal, pollMs, pollFirst: true });
    if (result.state === 'failed' && result.flagged && row.kind === 'generate') {
      const again = await this.retryFlagged(row);
      if (again) return { state: 'pending', job: this.jobOf(again) };
      const tries = (row.meta.flaggedRetries ?? 0) + 1;
      return {
        state: 'failed',
        reason: `${this.name} failed: ${result.error}, with ${tries} different seed(s); no image was delivered. Check the style's prompt.`,
      };
    }
    return this.outcome(result, row, job, signal);
  }

  private async outcome(
    result: RemoteResult,
    row: ExternalJobRow,
    job: ExternalJob,
    signal?: AbortSignal,
  ): Promise<GenerateOutcome> {
    if (result.state === 'pending') return { state: 'pending', job };
    if (result.state === 'failed') return { state: 'failed', reason: `${this.name} failed: ${result.error}` };
    if (row.kind === 'train') return { state: 'done', images: [] };
    const variants = job.variants.length ? job.variants : [0];
    if (result.outputs.length < variants.length)
      return {
        state: 'failed',
        reason: `${this.name} returned ${result.outputs.length} image(s) where ${variants.length} were asked for.`,
      };
    const images: GeneratedImage[] = [];
    for (let i = 0; i < variants.length; i++) {
      const image = await fetchImage(
        this.name,
        result.outputs[i]!,
        outputPolicy(this.app, this.api.name),
        signal,
      );
      images.push({
        variant: variants[i]!,
        data: image.data,
        width: image.width,
        height: image.height,
        params: {
          provider: this.name,
          externalId: row.externalId,
          seed: row.meta.seed,
          sourceFormat: image.sourceFormat,
        },
      });
    }
    return { state: 'done', images };
  }

  async cancel(job: ExternalJob, reason?: string): Promise<void> {
    await cancelJobRow(this.app.db, await this.rowOf(job), (row) => this.stopJob(row), reason);
  }

  /**
   * Cancels `row`'s job at the service. A submission still unanswered is looked for first, where
   * the service can be asked (cancel-job-row.ts says what happens when it cannot).
   */
  private async stopJob(row: ExternalJobRow): Promise<string | void> {
    if (!isPlaceholder(row.externalId)) return this.api.cancel(row);
    const found = await this.api.findSubmitted?.(row);
    if (found)
      return this.api.cancel({ ...row, externalId: found.externalId, meta: { ...row.meta, ...found.meta } });
  }

  async parseWebhook(req: WebhookRequest): Promise<{ job: ExternalJob; outcome: GenerateOutcome } | null> {
    try {
      const { row } = await acceptWebhook(this.app, this.api, req);
      const job = this.jobOf(row);
      return { job, outcome: await this.outcome(row.result, row, job) };
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {}
}

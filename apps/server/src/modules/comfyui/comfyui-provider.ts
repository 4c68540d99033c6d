/**
 * Generation on the operator's own ComfyUI servers behind the provider seam. Each `generate` is
 * one run of the style's workflow: a row of `_external_jobs` first (so a retried attempt resumes
 * the run already under way, or downloads the outputs of one already finished, instead of queuing
 * it again), then a server picked, the selfies uploaded, the filled graph queued, the run awaited
 * (progress socket, `/history` backstop) and its images fetched through `/view`. A server that
 * disappears mid-run is noticed and the run moves to another server; with none left the attempt
 * fails in words and the job runner retries it later, up to its cap.
 */
import type { App } from '../../core/app.js';
import { parseDate } from '../../tools/dates.js';
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
import {
  createJobRow,
  findByExternalId,
  findJobRow,
  isPlaceholder,
  latestForKey,
  setExternalId,
  settleJobRow,
  type ExternalJobRow,
} from '../hosted-providers/external-jobs.js';
import { renderSize } from '../hosted-providers/dimensions.js';
import { numericSeed } from '../hosted-providers/hosted-provider.js';
import { buildPrompt, type SubjectProfile } from '../hosted-providers/prompt.js';
import { loadSubjectProfile } from '../hosted-providers/subject-profile.js';
import { providerJpeg } from '../hosted-providers/subject-zip.js';
import { cancelJobRow, isCancelled, stopIfCancelled } from '../hosted-providers/cancel-job-row.js';
import { PromptRefused, ServerUnreachable, type ComfyClient } from './comfy-client.js';
import { workflowFor } from './comfyui-settings.js';
import { fillWorkflow } from './fill-workflow.js';
import { outputImage } from './output-image.js';
import { pickServer } from './pick-server.js';
import { assignServer, clientOf, findRun, PROVIDER, readRefs, storeRefs } from './run-row.js';
import { outcomeOf, ServerLost, waitForRun, type RunOutcome } from './wait-for-run.js';
import type { ComfyWorkflow } from './workflow.js';

type ComfyPrepared = PreparedSubject & {
  profile: SubjectProfile | null;
  /** The selfies as upright JPEGs, made once per attempt. */
  jpegs?: Buffer[];
  /** Per server URL, the names its `/upload/image` gave the selfies. */
  uploaded: Map<string, string[]>;
};

export class ComfyuiProvider implements GenerationProvider {
  readonly name = PROVIDER;

  constructor(private readonly app: App) {}

  private settings() {
    return this.app.settings.get().comfyui;
  }

  async prepare(subject: Subject): Promise<PreparedSubject> {
    if (!this.settings().servers.length)
      throw new PermanentJobError('No ComfyUI server is configured (back office → Settings → ComfyUI).');
    const profile = await loadSubjectProfile(this.app, subject.photoshootId);
    const prepared: ComfyPrepared = { subject, profile, uploaded: new Map() };
    return prepared;
  }

  async generate(prepared: PreparedSubject, req: GenerateRequest): Promise<GenerateOutcome> {
    const p = prepared as ComfyPrepared;
    const workflow = workflowFor(this.settings(), req.style.slug);
    if (!workflow)
      throw new PermanentJobError(
        `No ComfyUI workflow is chosen for the style "${req.style.slug}" and no default workflow is set.`,
      );
    const photoshoot = p.subject.photoshootId;
    const jobKey = `gen:${photoshoot}:${req.style.id}:${req.variants.join(',')}`;
    const seed = numericSeed(req.seed, req.variants[0] ?? 0);
    const lost = new Set<string>();
    for (;;) {
      req.signal?.throwIfAborted();
      let row = await latestForKey(this.app.db, PROVIDER, jobKey);
      const reusable =
        row &&
        (row.result.state === 'pending' || row.result.state === 'done') &&
        !lost.has(row.meta.server ?? '');
      if (!row || !reusable) {
        const meta = { variants: req.variants, styleId: req.style.id, seed, workflow: workflow.name };
        row = await createJobRow(this.app.db, {
          provider: PROVIDER,
          kind: 'generate',
          jobKey,
          photoshoot,
          meta,
        });
      }
      try {
        return await this.carryOn(row, p, req, workflow, seed, lost);
      } catch (err) {
        if (!(err instanceof ServerLost || err instanceof ServerUnreachable)) throw err;
        // A run the refund deleted from its queue is unknown to the server now, which looks like
        // a lost server: it must not be queued again elsewhere.
        if (await isCancelled(this.app.db, row.id)) {
          req.signal?.throwIfAborted();
          throw new PermanentJobError('The ComfyUI run was cancelled.');
        }
        lost.add((await this.rowById(row)).meta.server ?? '');
        await settleJobRow(this.app.db, row.id, { state: 'failed', error: err.message });
        console.warn(`[comfyui] ${err.message} Looking for another server for the run.`);
      }
    }
  }

  private async rowById(row: ExternalJobRow): Promise<ExternalJobRow> {
    return (await findJobRow(this.app.db, row.id)) ?? row;
  }

  /** Takes `row` from wherever it stands to its images (or a failure). */
  private async carryOn(
    start: ExternalJobRow,
    p: ComfyPrepared,
    req: GenerateRequest,
    workflow: ComfyWorkflow,
    seed: number,
    lost: Set<string>,
  ): Promise<GenerateOutcome> {
    let row = start;
    if (row.result.state === 'done') return this.download(row, clientOf(this.app, row), req.signal);
    let client = clientOf(this.app, row);
    if (isPlaceholder(row.externalId)) {
      const found = client ? await findRun(client, row.id, req.signal) : null;
      if (!found || !client) {
        const picked = await pickServer(this.settings().servers, lost, req.signal);
        if (!picked) throw new Error(this.noServerMessage(lost));
        client = picked.client;
        row = await assignServer(this.app, row, client.url);
      }
      const promptId = found ?? (await this.queue(client, row, p, req, workflow, seed));
      await setExternalId(this.app.db, row.id, promptId, row.meta);
      row = { ...row, externalId: promptId };
      // A cancel while the submission was unanswered may have missed the run (cancel-job-row.ts).
      if (await stopIfCancelled(this.app.db, row, (r) => this.stopRun(r))) {
        req.signal?.throwIfAborted();
        throw new PermanentJobError('The ComfyUI run was cancelled while it was being queued.');
      }
    }
    if (!client) throw new ServerLost(`The ComfyUI server of run ${row.externalId} is no longer configured.`);
    const outcome = await waitForRun(client, row.externalId, {
      clientId: row.id,
      outputNode: workflow.outputNode,
      pollMs: this.settings().pollSeconds * 1000,
      deadline: (parseDate(row.created)?.getTime() ?? Date.now()) + this.settings().timeoutMinutes * 60_000,
      timeoutMinutes: this.settings().timeoutMinutes,
      signal: req.signal,
    });
    return this.settle(row, client, outcome, req.signal);
  }

  private noServerMessage(lost: Set<string>): string {
    const n = this.settings().servers.length;
    return lost.size
      ? `The ComfyUI server running this job stopped answering and none of the other ${n - 1} server(s) could take it.`
      : `None of the ${n} ComfyUI server(s) could be reached.`;
  }

  /** Uploads the selfies (once per server and attempt), fills the graph and queues it. */
  private async queue(
    client: ComfyClient,
    row: ExternalJobRow,
    p: ComfyPrepared,
    req: GenerateRequest,
    workflow: ComfyWorkflow,
    seed: number,
  ): Promise<string> {
    const slots = workflow.placeholders.selfies.length;
    p.jpegs ??= [];
    const photos = p.subject.photos.slice(0, slots);
    for (let i = p.jpegs.length; i < photos.length; i++) p.jpegs.push(await providerJpeg(photos[i]!.data));
    let names = p.uploaded.get(client.url);
    if (!names) {
      names = [];
      for (const [i, jpeg] of p.jpegs.entries())
        names.push(await client.uploadImage(`${p.subject.photoshootId}-${i + 1}.jpg`, jpeg, req.signal));
      p.uploaded.set(client.url, names);
    }
    const { prompt, negativePrompt } = buildPrompt(req.style, workflow.trigger, p.profile);
    const size = renderSize(req.style.aspect);
    const graph = fillWorkflow(workflow, {
      images: names,
      prompt,
      negativePrompt,
      seed,
      ...size,
      count: req.variants.length,
    });
    try {
      // Not abandoned when the job is aborted: the server may have queued the run already, and
      // only its answer names the run to stop. The request has its own time limit.
      return await client.queuePrompt(graph, row.id);
    } catch (err) {
      if (!(err instanceof PromptRefused)) {
        // Cancelled while unanswered: the run the server may have taken is looked for and stopped.
        await stopIfCancelled(this.app.db, row, (r) => this.stopRun(r));
        throw err;
      }
      await settleJobRow(this.app.db, row.id, { state: 'failed', error: err.message });
      throw new PermanentJobError(err.message);
    }
  }

  private async settle(
    row: ExternalJobRow,
    client: ComfyClient,
    outcome: RunOutcome,
    signal?: AbortSignal,
  ): Promise<GenerateOutcome> {
    if (outcome.state === 'failed') {
      await settleJobRow(this.app.db, row.id, { state: 'failed', error: outcome.error });
      return { state: 'failed', reason: `ComfyUI at ${client.url}: ${outcome.error}.` };
    }
    await settleJobRow(this.app.db, row.id, { state: 'done', outputs: storeRefs(outcome.images) });
    return this.download(await this.rowById(row), client, signal);
  }

  private async download(
    row: ExternalJobRow,
    client: ComfyClient | null,
    signal?: AbortSignal,
  ): Promise<GenerateOutcome> {
    if (row.result.state !== 'done') return { state: 'failed', reason: 'ComfyUI run has no outputs.' };
    if (!client) throw new ServerLost(`The ComfyUI server of run ${row.externalId} is no longer configured.`);
    const variants = Array.isArray(row.meta.variants) ? row.meta.variants.map(Number) : [0];
    const refs = readRefs(row.result.outputs);
    if (refs.length < variants.length)
      return {
        state: 'failed',
        reason: `ComfyUI returned ${refs.length} image(s) where ${variants.length} were asked for.`,
      };
    const images: GeneratedImage[] = [];
    for (const [i, variant] of variants.entries()) {
      const image = await outputImage(client, refs[i]!, signal);
      images.push({
        variant,
        data: image.data,
        width: image.width,
        height: image.height,
        params: {
          provider: PROVIDER,
          externalId: row.externalId,
          server: client.url,
          workflow: row.meta.workflow,
          seed: row.meta.seed,
          sourceFormat: image.sourceFormat,
        },
      });
    }
    return { state: 'done', images };
  }

  private jobOf(row: ExternalJobRow): ExternalJob {
    const variants = Array.isArray(row.meta.variants) ? row.meta.variants.map(Number) : [];
    return {
      provider: PROVIDER,
      externalId: row.externalId,
      variants,
      styleId: row.meta.styleId ?? '',
    };
  }

  /** One look at a job (generate waits by itself; this serves operators and the seam). */
  async status(job: ExternalJob): Promise<GenerateOutcome> {
    const row = await findByExternalId(this.app.db, PROVIDER, job.externalId);
    if (!row) return { state: 'failed', reason: `ComfyUI job ${job.externalId} is not one of ours.` };
    if (row.result.state === 'failed') return { state: 'failed', reason: `ComfyUI: ${row.result.error}` };
    const client = clientOf(this.app, row);
    if (row.result.state === 'done') return this.download(row, client);
    if (!client || isPlaceholder(row.externalId)) return { state: 'pending', job: this.jobOf(row) };
    const entry = await client.history(row.externalId);
    if (!entry) return { state: 'pending', job: this.jobOf(row) };
    const workflow = this.settings().workflows.find((w) => w.name === row.meta.workflow);
    return this.settle(row, client, outcomeOf(entry, workflow?.outputNode ?? ''));
  }

  /** Stops the run on its server and settles its row failed with `reason`. */
  async cancel(job: ExternalJob, reason?: string): Promise<void> {
    const row = await findByExternalId(this.app.db, PROVIDER, job.externalId);
    if (row) await cancelJobRow(this.app.db, row, (r) => this.stopRun(r), reason);
  }

  /**
   * Interrupts a row's run if it is executing, deletes it from the queue if waiting. A run whose
   * submission is still unanswered is found by its client id (the row's id).
   */
  private async stopRun(row: ExternalJobRow): Promise<void> {
    const client = clientOf(this.app, row);
    if (!client) return;
    const promptId = isPlaceholder(row.externalId) ? await findRun(client, row.id) : row.externalId;
    if (promptId) await client.cancel(promptId);
  }

  /** ComfyUI calls nobody back: progress comes over its socket. */
  async parseWebhook(_req: WebhookRequest): Promise<null> {
    return null;
  }

  async close(): Promise<void> {}
}

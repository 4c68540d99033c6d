/**
 * One attempt at one claimed photoshoot: work out which results are missing or flagged for
 * regeneration, have the provider make them one at a time (each stored as soon as it exists, so a
 * crash loses at most the image in progress and a retry picks up where it stopped), report
 * progress, then hand the photoshoot to review, or release it when review is switched off.
 */
import { inTransaction } from '../../core/db/after-commit.js';
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { nowString } from '../../tools/dates.js';
import { systemActor } from '../../core/records/actor.js';
import { transition } from '../photoshoots/lifecycle.js';
import { systemCaller } from '../../core/records/caller.js';
import type { RecordOf } from '../record-of.js';
import { loadJobInputs, resultKey } from './job-inputs.js';
import { emitPhotoshoot, holdsLease } from './job-queue.js';
import type {
  GenerateOutcome,
  GenerateRequest,
  GenerationProvider,
  PreparedSubject,
  StyleSpec,
} from './providers/types.js';
import { writeResult } from './write-result.js';
import { LikenessCheck } from './likeness/likeness-check.js';
import { RETRY_SEED_SALT, reseeded, resultRow, stylesToRetry, type Made } from './likeness/second-chance.js';
import { awaitExternalOutcome } from './await-outcome.js';

export type JobContext = {
  app: App;
  photoshoot: RecordOf<'photoshoots'>;
  owner: string;
  provider: GenerationProvider;
  signal: AbortSignal;
  /** How often a pending hosted job is polled (the webhook backstop). */
  pollIntervalMs?: number;
};

/** Thrown when the worker no longer holds the lease: stop quietly, the job is someone else's. */
export class LeaseLostError extends Error {
  constructor() {
    super('the lease on this job was lost');
  }
}

type WorkItem = {
  style: StyleSpec & { name: string };
  variant: number;
  existing: RecordOf<'results'> | null;
};

export async function setProgress(app: App, id: string, progress: number, stage: string): Promise<void> {
  const su = systemCaller(app.registry.require('_superusers'));
  await app.records.update(app.registry.require('photoshoots'), su, id, {
    progress: Math.max(0, Math.min(100, Math.round(progress))),
    stage: stage.slice(0, 100),
  });
}

/**
 * A team's members share one seed per (style, variant), so their portraits get the same framing,
 * eye line, light and grading and the set looks consistent side by side; anyone else, their own.
 */
function seedBase(photoshoot: RecordOf<'photoshoots'>): string {
  return photoshoot.team ? `team:${photoshoot.team}` : photoshoot.id;
}

function requestFor(ctx: JobContext, item: WorkItem): GenerateRequest {
  return {
    style: item.style,
    variants: [item.variant],
    // The provider appends the variant: (photoshoot, style, variant) fixes the image. A row flagged
    // for regeneration (review, redo) also names the file it replaces, so it comes back as a new
    // picture rather than the same pixels, while a retried attempt still repeats itself.
    seed:
      item.existing?.regenerate === true
        ? `${seedBase(ctx.photoshoot)}:${item.style.id}:${item.existing.file}`
        : `${seedBase(ctx.photoshoot)}:${item.style.id}`,
    signal: ctx.signal,
  };
}

/**
 * `items` with those the provider makes from one photo next to each other, each photo's in their
 * order, the photos in the order they first come (providers that do not say keep the order).
 */
function bySourcePhoto(ctx: JobContext, prepared: PreparedSubject, items: WorkItem[]): WorkItem[] {
  const { provider } = ctx;
  if (!provider.sourcePhoto) return items;
  const groups = new Map<string, WorkItem[]>();
  for (const item of items) {
    const photo = provider.sourcePhoto(prepared, requestFor(ctx, item));
    const group = groups.get(photo);
    if (group) group.push(item);
    else groups.set(photo, [item]);
  }
  return [...groups.values()].flat();
}

/** Generates one item, polling a hosted provider's pending job until it settles. */
async function generateOne(
  ctx: JobContext,
  prepared: PreparedSubject,
  item: WorkItem,
): Promise<GenerateOutcome> {
  let outcome = await ctx.provider.generate(prepared, requestFor(ctx, item));
  while (outcome.state === 'pending') {
    outcome = await awaitExternalOutcome(ctx.provider, outcome.job, ctx.signal, ctx.pollIntervalMs);
  }
  return outcome;
}

/**
 * Makes `items` one at a time, photo by photo where the provider says which photo each comes from,
 * each image scored for likeness and stored at once.
 */
async function produce(
  ctx: JobContext,
  prepared: PreparedSubject,
  work: WorkItem[],
  likeness: LikenessCheck,
  stage: (i: number, n: number, item: WorkItem) => [progress: number, stage: string],
  retried = false,
): Promise<Made[]> {
  const { app, owner } = ctx;
  const made: Made[] = [];
  const items = bySourcePhoto(ctx, prepared, work);
  for (let i = 0; i < items.length; i++) {
    ctx.signal.throwIfAborted();
    const item = items[i]!;
    await setProgress(app, ctx.photoshoot.id, ...stage(i, items.length, item));
    const outcome = await generateOne(ctx, prepared, item);
    if (outcome.state === 'failed') throw new Error(outcome.reason);
    for (const image of outcome.state === 'done' ? outcome.images : []) {
      const verdict = await likeness.judge(image.data, retried);
      const written = await writeResult(
        app,
        owner,
        {
          photoshoot: ctx.photoshoot,
          style: item.style.id,
          existing: item.existing,
          likeness: verdict.fields,
        },
        { ...image, params: { ...image.params, likeness: verdict.detail } },
      );
      if (written === 'lost') throw new LeaseLostError();
      made.push({
        style: item.style.id,
        variant: image.variant,
        heldBack: written === 'written' && verdict.heldBack,
      });
    }
  }
  return made;
}

export async function runJob(ctx: JobContext): Promise<void> {
  const { app, owner } = ctx;
  const id = ctx.photoshoot.id;
  await setProgress(app, id, 2, 'Preparing your photos');
  const inputs = await loadJobInputs(app, ctx.photoshoot);
  const items: WorkItem[] = [];
  for (const style of inputs.styles) {
    for (let variant = 0; variant < inputs.imagesPerStyle; variant++) {
      const existing = inputs.results.get(resultKey(style.id, variant)) ?? null;
      if (!existing || existing.regenerate === true) items.push({ style, variant, existing });
    }
  }
  const prepared = await ctx.provider.prepare(inputs.subject, ctx.signal);
  const likeness = new LikenessCheck(inputs.reference, app.settings.get().processing.likenessThreshold);
  try {
    const made = await produce(ctx, prepared, items, likeness, (i, n, item) => [
      5 + (90 * i) / n,
      `${item.existing ? 'Redoing' : 'Creating'} ${item.style.name} portrait ${i + 1} of ${n}`,
    ]);
    // A style whose every new result was held back gets one more try with another seed.
    const retry = stylesToRetry(made, inputs.results.values());
    const again: WorkItem[] = [];
    for (const item of items.filter((it) => retry.has(it.style.id))) {
      const row = await resultRow(app, id, item.style.id, item.variant);
      if (row) again.push({ ...item, existing: row });
    }
    if (again.length)
      await produce(
        { ...ctx, provider: reseeded(ctx.provider, RETRY_SEED_SALT) },
        prepared,
        again,
        likeness,
        (i, n, item) => [95, `Retrying ${item.style.name} portrait ${i + 1} of ${n} for a better likeness`],
        true,
      );
  } finally {
    likeness.close();
  }
  await finish(app, id, owner);
}

/** Moves the finished photoshoot on: to review, or approved and released when review is off. */
async function finish(app: App, id: string, owner: string): Promise<void> {
  const { reviewRequired } = app.settings.get().processing;
  const done = await inTransaction(app.db, async (tx, events) => {
    if (!(await holdsLease(tx, id, owner))) return false;
    const actor = systemActor(owner);
    // With review off, a photoshoot whose every result was held back (likeness) goes to an
    // operator instead of delivering nothing.
    const allHeldBack =
      !reviewRequired &&
      !(await tx.get(
        `SELECT 1 AS x FROM ${q('results')} WHERE "photoshoot" = ? AND "review" <> 'rejected' LIMIT 1`,
        [id],
      ));
    const toReview = reviewRequired || allHeldBack;
    // note: progress first, so the status change's event already carries 100% and the final stage.
    await tx.run(
      `UPDATE ${q('photoshoots')} SET "progress" = 100, "stage" = ?, "error" = '', "updated" = ? WHERE "id" = ?`,
      [toReview ? 'Awaiting review' : 'Done', nowString(), id],
    );
    if (toReview) {
      await transition(
        app,
        id,
        'review',
        actor,
        allHeldBack
          ? 'every result was held back by the likeness check'
          : 'the results await an operator review',
        tx,
        events.add,
      );
    } else {
      // Entering `completed` releases the approved results (and tells their subscribers).
      await tx.run(
        `UPDATE ${q('results')} SET "review" = 'approved', "updated" = ? WHERE "photoshoot" = ? AND "review" = 'pending'`,
        [nowString(), id],
      );
      await transition(app, id, 'completed', actor, 'the results are ready (review is off)', tx, events.add);
    }
    return true;
  });
  if (!done) throw new LeaseLostError();
  await emitPhotoshoot(app, id);
}

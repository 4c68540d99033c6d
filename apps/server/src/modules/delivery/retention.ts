/**
 * Privacy retention (the product deletes what it no longer needs): a photoshoot's uploaded selfies
 * are deleted `processing.originalsRetentionDays` days after its photos were released, and the
 * results themselves `processing.resultsRetentionDays` days after (0 keeps them). Selfies of a
 * photoshoot that was never delivered — a draft left unfinished, a failed or refunded one — go the
 * same number of days after its last activity (its last change or upload), so nothing waits forever
 * for a release that will not come. Records go through the record service, so cascades run and
 * their files leave storage. Each photoshoot's deletion is noted in its transition log (from = to:
 * a note, not a move), which its owner and support read, and in the app log. A photoshoot being
 * redone, or waiting for a payment, a worker or a review, is left alone.
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { formatDate } from '../../tools/dates.js';
import { systemCaller } from '../../core/records/caller.js';
import { systemActor } from '../../core/records/actor.js';
import { logTransition } from '../photoshoots/transition-log.js';

const DAY_MS = 86_400_000;
/** Photoshoots handled per kind and run; the next run takes the rest. */
const BATCH = 200;
/** Only photoshoots at rest: a redo in progress still needs its originals. */
const AT_REST = ['completed', 'refunded'];
/** Never delivered and not moving: nothing will release these photos. */
const ABANDONED = ['draft', 'failed', 'refunded'];

export type RetentionKind = 'originals' | 'results';

export type RetentionDeletion = { kind: RetentionKind; photoshoot: string; deleted: number };

const TARGETS: Record<
  RetentionKind,
  { collection: string; setting: 'originalsRetentionDays' | 'resultsRetentionDays'; noun: string }
> = {
  originals: { collection: 'original_photos', setting: 'originalsRetentionDays', noun: 'original photo' },
  results: { collection: 'results', setting: 'resultsRetentionDays', noun: 'result' },
};

type Due = { id: string; status: string };

const marks = (list: string[]) => list.map(() => '?').join(', ');

/** Photoshoots released before `cutoff`, at rest, that still have rows in `collection`. */
function releasedBefore(app: App, collection: string, cutoff: string): Promise<Due[]> {
  return app.db.all<Due>(
    `SELECT p."id", p."status" FROM ${q('photoshoots')} p WHERE p."releasedAt" != '' AND p."releasedAt" < ? ` +
      `AND p."status" IN (${marks(AT_REST)}) ` +
      `AND EXISTS (SELECT 1 FROM ${q(collection)} x WHERE x."photoshoot" = p."id") ORDER BY p."releasedAt" LIMIT ?`,
    [cutoff, ...AT_REST, BATCH],
  );
}

/** Photoshoots never released, abandoned, with originals and no change or upload since `cutoff`. */
function abandonedBefore(app: App, cutoff: string): Promise<Due[]> {
  const originals = q('original_photos');
  return app.db.all<Due>(
    `SELECT p."id", p."status" FROM ${q('photoshoots')} p WHERE p."releasedAt" = '' AND p."updated" < ? ` +
      `AND p."status" IN (${marks(ABANDONED)}) ` +
      `AND EXISTS (SELECT 1 FROM ${originals} x WHERE x."photoshoot" = p."id") ` +
      `AND NOT EXISTS (SELECT 1 FROM ${originals} x WHERE x."photoshoot" = p."id" AND x."created" >= ?) ` +
      `ORDER BY p."updated" LIMIT ?`,
    [cutoff, ...ABANDONED, cutoff, BATCH],
  );
}

async function sweep(app: App, kind: RetentionKind, now: Date): Promise<RetentionDeletion[]> {
  const target = TARGETS[kind];
  const days = app.settings.get().processing[target.setting];
  if (!(days > 0)) return [];
  const cutoff = formatDate(new Date(now.getTime() - days * DAY_MS));
  const after = `${days} day${days === 1 ? '' : 's'}`;
  const done = await deleteFor(app, kind, await releasedBefore(app, target.collection, cutoff), {
    days,
    why: `${after} after release`,
  });
  if (kind !== 'originals') return done;
  const abandoned = await abandonedBefore(app, cutoff);
  return done.concat(await deleteFor(app, kind, abandoned, { days, why: `${after} without activity` }));
}

async function deleteFor(
  app: App,
  kind: RetentionKind,
  due: Due[],
  why: { days: number; why: string },
): Promise<RetentionDeletion[]> {
  const target = TARGETS[kind];
  const collection = app.registry.require(target.collection);
  const caller = systemCaller(app.registry.require('_superusers'));
  const done: RetentionDeletion[] = [];
  for (const photoshoot of due) {
    const ids = await app.db.all<{ id: string }>(
      `SELECT "id" FROM ${q(collection.name)} WHERE "photoshoot" = ?`,
      [photoshoot.id],
    );
    let deleted = 0;
    for (const { id } of ids) {
      try {
        await app.records.delete(collection, caller, id);
        deleted++;
      } catch (err) {
        // note: one record that cannot go (deleted meanwhile, a reference) must not stop the sweep.
        console.error(`[retention] ${collection.name} ${id}:`, err instanceof Error ? err.message : err);
      }
    }
    if (!deleted) continue;
    const what = `${deleted} ${target.noun}${deleted === 1 ? '' : 's'}`;
    const event = await logTransition(
      app,
      app.db,
      photoshoot.id,
      photoshoot.status,
      photoshoot.status,
      systemActor('retention'),
      `retention: ${what} deleted, ${why.why}`,
    );
    app.events.emit({
      action: 'create',
      collection: app.registry.require('photoshoot_events'),
      record: event,
    });
    app.logs.add({
      level: 0,
      message: `retention: deleted ${what} of photoshoot ${photoshoot.id}`,
      data: { type: 'retention', kind, photoshoot: photoshoot.id, deleted, days: why.days },
    });
    done.push({ kind, photoshoot: photoshoot.id, deleted });
  }
  return done;
}

/** One retention pass (the cron job's work); returns what it deleted. */
export async function runRetention(app: App, now = new Date()): Promise<RetentionDeletion[]> {
  return [...(await sweep(app, 'originals', now)), ...(await sweep(app, 'results', now))];
}

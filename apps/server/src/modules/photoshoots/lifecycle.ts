/**
 * The photoshoot state machine as data, and the one function that moves a photoshoot
 * along it. Only server code calls `transition`; the records API never lets a non-superuser write
 * `status`. Each move locks the photoshoot, checks the edge, stamps the state's timestamp and logs
 * the move, all in one transaction.
 */
import { ApiError } from '../../core/errors.js';
import { q, type Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { nowString } from '../../tools/dates.js';
import { decodeRow, encodeValue, type RecordData } from '../../core/records/codec.js';
import { getField } from '../../core/schema/collection.js';
import type { Actor } from '../../core/records/actor.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { logTransition } from './transition-log.js';
import type { ActorKind } from '../../core/records/actor.js';
import { isPhotoshootStatus, type PhotoshootStatus } from './statuses.js';
import { recordOf } from '../record-of.js';

export type Edge = {
  from: PhotoshootStatus;
  to: PhotoshootStatus;
  /** Who may make this move. */
  by: readonly ActorKind[];
  /** What the move means, for people reading the table. */
  when: string;
};

const ANYONE: readonly ActorKind[] = ['user', 'superuser', 'system'];
const OPERATOR: readonly ActorKind[] = ['superuser', 'system'];
const WORKER: readonly ActorKind[] = ['system'];

export const EDGES: readonly Edge[] = [
  { from: 'draft', to: 'pending_payment', by: ANYONE, when: 'checkout started' },
  { from: 'pending_payment', to: 'queued', by: ANYONE, when: 'the payment succeeded' },
  { from: 'pending_payment', to: 'draft', by: ANYONE, when: 'the payment was cancelled or failed' },
  { from: 'draft', to: 'queued', by: ANYONE, when: 'nothing to pay (full discount, team seat, team test)' },
  { from: 'queued', to: 'processing', by: WORKER, when: 'a worker claimed the job' },
  {
    from: 'queued',
    to: 'draft',
    by: WORKER,
    when: 'its member left the team before work started; the team seat comes back',
  },
  {
    from: 'processing',
    to: 'queued',
    by: OPERATOR,
    when: 'an attempt failed or its lease expired; it will be retried',
  },
  { from: 'processing', to: 'review', by: WORKER, when: 'the results await an operator review' },
  { from: 'processing', to: 'completed', by: WORKER, when: 'the results are ready and review is off' },
  { from: 'processing', to: 'failed', by: OPERATOR, when: 'the last attempt failed' },
  { from: 'review', to: 'completed', by: OPERATOR, when: 'an operator released the results' },
  {
    from: 'review',
    to: 'queued',
    by: ['superuser'],
    when: 'an operator asked to regenerate rejected results',
  },
  { from: 'failed', to: 'queued', by: ['superuser'], when: 'an operator requeued it' },
  {
    from: 'completed',
    to: 'queued',
    by: ['user', 'superuser'],
    when: 'the owner asked to redo flagged results',
  },
  { from: 'queued', to: 'refunded', by: OPERATOR, when: 'the payment was refunded' },
  // A refund can arrive while a worker holds the job (or be made in Stripe's dashboard at any
  // time): the money is back either way, so the job stops (the worker loses its lease) and
  // nothing is released. ADR 008.
  {
    from: 'processing',
    to: 'refunded',
    by: OPERATOR,
    when: 'the payment was refunded while the job ran; it stops',
  },
  { from: 'review', to: 'refunded', by: OPERATOR, when: 'the payment was refunded; nothing is released' },
  { from: 'failed', to: 'refunded', by: OPERATOR, when: 'the payment was refunded' },
  { from: 'completed', to: 'refunded', by: OPERATOR, when: 'the payment was refunded' },
];

const LABELS: Record<PhotoshootStatus, string> = {
  draft: 'draft',
  pending_payment: 'waiting for payment',
  queued: 'queued',
  processing: 'processing',
  review: 'in review',
  completed: 'completed',
  failed: 'failed',
  refunded: 'refunded',
};

const ACTOR_LABELS: Record<ActorKind, string> = {
  user: 'its owner',
  superuser: 'an operator',
  system: 'the server',
};

export function findEdge(from: string, to: string): Edge | undefined {
  return EDGES.find((e) => e.from === from && e.to === to);
}

/** The states reachable from `from` in one move. */
export function nextStatuses(from: string): PhotoshootStatus[] {
  return EDGES.filter((e) => e.from === from).map((e) => e.to);
}

function quoteList(items: string[]): string {
  const labels = items.map((s) => `"${LABELS[s as PhotoshootStatus] ?? s}"`);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/** Why `from → to` by `actor` is not allowed, or null when it is. */
export function refusal(from: string, to: string, actor: Actor): string | null {
  if (!isPhotoshootStatus(to)) return `"${to}" is not a photoshoot status.`;
  const current = LABELS[from as PhotoshootStatus] ?? from;
  if (from === to) return `The photoshoot is already ${current}.`;
  const edge = findEdge(from, to);
  if (!edge) {
    const next = nextStatuses(from);
    const options = next.length ? ` From "${current}" it can only become ${quoteList(next)}.` : '';
    return `A photoshoot that is ${current} cannot become ${LABELS[to]}.${options}`;
  }
  if (!edge.by.includes(actor.kind)) {
    return `Only ${edge.by.map((k) => ACTOR_LABELS[k]).join(' or ')} can move a photoshoot from ${current} to ${LABELS[to]}.`;
  }
  return null;
}

/** Timestamps a move sets, and state that belongs to the state being left. */
function stamps(from: PhotoshootStatus, to: PhotoshootStatus, now: string): RecordData {
  const out: RecordData = {};
  if (to === 'queued') out.queuedAt = now;
  if (to === 'processing') out.startedAt = now;
  if (from === 'processing' && (to === 'review' || to === 'completed')) out.completedAt = now;
  if (to === 'completed') out.releasedAt = now;
  // note: a lease only means something while processing; a stale one must not block the next claim.
  if (from === 'processing') {
    out.leaseOwner = '';
    out.leaseExpiresAt = '';
  }
  return out;
}

export type TransitionResult = {
  /** The photoshoot after the move. */
  photoshoot: RecordData;
  /** The log entry written. */
  event: RecordData;
};

/**
 * Moves photoshoot `id` to `to` on behalf of `actor`, in `tx` when given (so callers can commit it
 * with their own writes: a payment, a redemption) or in a transaction of its own.
 * Entering `completed` releases the photoshoot's approved results.
 * Record events (realtime) fire through `afterCommit` when given; otherwise once this call's own
 * transaction has committed, or at once when it ran in the caller's `tx` (pass `afterCommit` then).
 *
 * @throws {ApiError} 404 when there is no such photoshoot; 400 with a sentence saying why when the
 *   move is not allowed from the current state or not by this actor.
 */
export async function transition(
  app: App,
  id: string,
  to: string,
  actor: Actor,
  reason: string,
  tx?: Db,
  afterCommit?: (fn: () => void) => void,
): Promise<TransitionResult> {
  const run = async (db: Db) => {
    const collection = app.registry.require('photoshoots');
    const current = recordOf('photoshoots', await lockRecord(db, collection, id));
    if (!current) throw ApiError.notFound('The photoshoot was not found.');
    const from = current.status;
    const why = refusal(from, to, actor);
    if (why)
      throw ApiError.badRequest(why, { status: { code: 'validation_invalid_transition', message: why } });

    const now = nowString();
    const changes: RecordData = {
      status: to,
      ...stamps(from as PhotoshootStatus, to as PhotoshootStatus, now),
      updated: now,
    };
    const names = Object.keys(changes);
    const params = names.map((name) => encodeValue(getField(collection, name)!, changes[name]));
    const res = await db.run(
      `UPDATE ${q(collection.name)} SET ${names.map((n) => `${q(n)} = ?`).join(', ')} WHERE "id" = ? AND "status" = ?`,
      [...params, id, from],
    );
    // note: unreachable while the row is locked; kept so a missing lock can never lose a move.
    if (res.changes !== 1) throw ApiError.badRequest('The photoshoot changed meanwhile. Please try again.');
    const photoshoot = { ...current, ...changes };
    const event = await logTransition(app, db, id, from, to, actor, reason);
    const released = to === 'completed' ? await releaseResults(app, db, id) : [];
    return { photoshoot, event, released };
  };
  const done = tx ? await run(tx) : await app.db.transaction(run);

  const fire = () => {
    app.events.emit({
      action: 'update',
      collection: app.registry.require('photoshoots'),
      record: done.photoshoot,
    });
    app.events.emit({
      action: 'create',
      collection: app.registry.require('photoshoot_events'),
      record: done.event,
    });
    const results = app.registry.require('results');
    for (const record of done.released) app.events.emit({ action: 'update', collection: results, record });
  };
  if (afterCommit) afterCommit(fire);
  else fire();
  return { photoshoot: done.photoshoot, event: done.event };
}

/** Marks the approved, not yet released results of a photoshoot as released; returns them. */
async function releaseResults(app: App, db: Db, photoshootId: string): Promise<RecordData[]> {
  const results = app.registry.require('results');
  const now = nowString();
  const rows = await db.all(
    `SELECT * FROM ${q(results.name)} WHERE "photoshoot" = ? AND "review" = 'approved' AND "released" = ?`,
    [photoshootId, false],
  );
  if (!rows.length) return [];
  await db.run(
    `UPDATE ${q(results.name)} SET "released" = ?, "updated" = ? WHERE "photoshoot" = ? AND "review" = 'approved' AND "released" = ?`,
    [true, now, photoshootId, false],
  );
  return rows.map((row) => ({ ...decodeRow(results, row), released: true, updated: now }));
}

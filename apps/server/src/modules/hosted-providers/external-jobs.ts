/**
 * The `_external_jobs` store (see external-jobs-migration.ts). A row is written before the job is
 * submitted (its id and token go into the callback URL, and a fast provider may call back before
 * the submission returns), settled once by whichever comes first, webhook or poll, and never
 * settled again: a redelivered webhook changes nothing.
 */
import { EventEmitter } from 'node:events';
import type { Db } from '../../core/db/db.js';
import { formatDate, nowString } from '../../tools/dates.js';
import { newId, randomString } from '../../tools/random.js';
import { readResult, type JobKind, type RemoteResult } from './remote-result.js';
import type { GenerationInput } from './hosted-api.js';

/**
 * What a row notes of its submission, as the provider that wrote it put it (each uses some of
 * these). All optional: a row written before a field was kept lacks it.
 */
export type JobMeta = {
  /** A generation's variants, style, numeric seed and trained model. */
  variants?: number[];
  styleId?: string;
  seed?: number;
  model?: string;
  /** A generation's request, so a withheld image can be asked for again. */
  request?: Pick<GenerationInput, 'prompt' | 'negativePrompt' | 'aspect' | 'testShoot'>;
  /** How often a withheld image was asked for again. */
  flaggedRetries?: number;
  /** Astria: the tune a prompt was made on. */
  tune?: string;
  /** Replicate: `trainings` or `predictions`. */
  path?: string;
  /** fal: the app a request went to. */
  app?: string;
  /** ComfyUI: the server a job runs on, and the saved workflow it runs. */
  server?: string;
  workflow?: string;
};

export type ExternalJobRow = {
  id: string;
  provider: string;
  externalId: string;
  kind: JobKind;
  jobKey: string;
  photoshoot: string;
  token: string;
  meta: JobMeta;
  result: RemoteResult;
  deliveries: number;
  created: string;
  /** Last change; before each submission, when it was sent (see markSending). */
  updated: string;
};

type RawRow = Omit<ExternalJobRow, 'meta' | 'result' | 'kind'> & {
  kind: string;
  meta: string;
  state: string;
  result: string;
};

const TABLE = '"_external_jobs"';

/** In-process wake-ups for waiters; other processes notice the row on their next read. */
const settled = new EventEmitter();
settled.setMaxListeners(0);

export function onSettled(rowId: string, fn: () => void): () => void {
  settled.on(rowId, fn);
  return () => settled.off(rowId, fn);
}

function decode(row: RawRow | undefined): ExternalJobRow | null {
  if (!row) return null;
  let meta: JobMeta = {};
  try {
    meta = JSON.parse(row.meta) as JobMeta;
  } catch {
    // note: meta is ours; unreadable means an older shape, treated as empty.
  }
  return {
    id: row.id,
    provider: row.provider,
    externalId: row.externalId,
    kind: row.kind === 'train' ? 'train' : 'generate',
    jobKey: row.jobKey,
    photoshoot: row.photoshoot,
    token: row.token,
    meta,
    result: readResult(row.state, row.result),
    deliveries: row.deliveries || 0,
    created: row.created,
    updated: row.updated,
  };
}

/** What a row's external id starts with until its submission is answered (then its row id follows). */
const PLACEHOLDER = 'local:';

export function isPlaceholder(externalId: string): boolean {
  return externalId.startsWith(PLACEHOLDER);
}

export async function createJobRow(
  db: Db,
  v: { provider: string; kind: JobKind; jobKey: string; photoshoot: string; meta?: JobMeta },
): Promise<ExternalJobRow> {
  const id = newId();
  const now = nowString();
  await db.run(
    `INSERT INTO ${TABLE} ("id", "provider", "externalId", "kind", "jobKey", "photoshoot", "token", "meta", "state", "result", "deliveries", "created", "updated") ` +
      `VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', '{}', 0, ?, ?)`,
    [
      id,
      v.provider,
      `${PLACEHOLDER}${id}`,
      v.kind,
      v.jobKey,
      v.photoshoot,
      randomString(32),
      JSON.stringify(v.meta ?? {}),
      now,
      now,
    ],
  );
  return (await findJobRow(db, id))!;
}

export async function setExternalId(db: Db, id: string, externalId: string, meta?: JobMeta): Promise<void> {
  const sets = meta ? `"externalId" = ?, "meta" = ?, "updated" = ?` : `"externalId" = ?, "updated" = ?`;
  const params = meta ? [externalId, JSON.stringify(meta), nowString(), id] : [externalId, nowString(), id];
  await db.run(`UPDATE ${TABLE} SET ${sets} WHERE "id" = ?`, params);
}

/** Notes that a submission of the row is being sent now (a later resubmission waits and looks from it). */
export async function markSending(db: Db, id: string): Promise<void> {
  await db.run(`UPDATE ${TABLE} SET "updated" = ? WHERE "id" = ?`, [nowString(), id]);
}

export async function findJobRow(db: Db, id: string): Promise<ExternalJobRow | null> {
  return decode(await db.get<RawRow>(`SELECT * FROM ${TABLE} WHERE "id" = ?`, [id]));
}

/**
 * The row of `externalId`. A placeholder names its row (`local:<row id>`) even once the
 * submission's answer has replaced it: a caller that read the row before then (a cancel) still
 * reaches the job.
 */
export async function findByExternalId(
  db: Db,
  provider: string,
  externalId: string,
): Promise<ExternalJobRow | null> {
  const row = decode(
    await db.get<RawRow>(`SELECT * FROM ${TABLE} WHERE "provider" = ? AND "externalId" = ?`, [
      provider,
      externalId,
    ]),
  );
  if (row || !isPlaceholder(externalId)) return row;
  const byId = await findJobRow(db, externalId.slice(PLACEHOLDER.length));
  return byId?.provider === provider ? byId : null;
}

/** The newest row for `jobKey` (a retried attempt resumes it, or reuses a finished training). */
export async function latestForKey(db: Db, provider: string, jobKey: string): Promise<ExternalJobRow | null> {
  return decode(
    await db.get<RawRow>(
      `SELECT * FROM ${TABLE} WHERE "provider" = ? AND "jobKey" = ? ORDER BY "created" DESC, "id" DESC LIMIT 1`,
      [provider, jobKey],
    ),
  );
}

/**
 * Settles a pending row. True only for the call that settled it; a second delivery (or a poll
 * racing a webhook) finds it settled and changes nothing.
 */
export async function settleJobRow(
  db: Db,
  id: string,
  result: RemoteResult,
  /** Settles only while the row still has this external id (a submission's answer not stored yet). */
  ifExternalId?: string,
): Promise<boolean> {
  if (result.state === 'pending') return false;
  const body =
    result.state === 'done'
      ? { outputs: result.outputs, ...(result.ref ? { ref: result.ref } : {}) }
      : {
          error: result.error.slice(0, 1000),
          ...(result.flagged ? { flagged: true } : {}),
          ...(result.cancelled ? { cancelled: true } : {}),
        };
  const guard = ifExternalId === undefined ? '' : ` AND "externalId" = ?`;
  const res = await db.run(
    `UPDATE ${TABLE} SET "state" = ?, "result" = ?, "updated" = ? WHERE "id" = ? AND "state" = 'pending'${guard}`,
    [
      result.state,
      JSON.stringify(body),
      nowString(),
      id,
      ...(ifExternalId === undefined ? [] : [ifExternalId]),
    ],
  );
  if (res.changes === 1) settled.emit(id);
  return res.changes === 1;
}

/** Counts a verified webhook delivery (redeliveries included), for operators and tests. */
export async function countDelivery(db: Db, id: string): Promise<void> {
  await db.run(`UPDATE ${TABLE} SET "deliveries" = "deliveries" + 1 WHERE "id" = ?`, [id]);
}

/** A photoshoot's jobs still running at a provider, those whose submission is in flight included. */
export async function pendingRowsOf(db: Db, photoshoot: string): Promise<ExternalJobRow[]> {
  const rows = await db.all<RawRow>(
    `SELECT * FROM ${TABLE} WHERE "photoshoot" = ? AND "state" = 'pending' ORDER BY "created"`,
    [photoshoot],
  );
  return rows.map((r) => decode(r)!);
}

/**
 * Forgets rows no longer needed: settled ones last changed before `settledBefore` (providers stop
 * redelivering within hours; a callback after that is refused like any unknown job), and pending
 * ones last changed before `pendingBefore` (long past any job timeout). Their tokens and the
 * providers' output URLs go with them. A finished training stays while its photoshoot still has
 * its selfies, so a redo reuses the model instead of paying for a new one; it goes with them.
 * Returns how many rows went.
 */
export async function deleteOldRows(db: Db, settledBefore: string, pendingBefore: string): Promise<number> {
  const reusable =
    `"kind" = 'train' AND "state" = 'done' AND EXISTS ` +
    `(SELECT 1 FROM "original_photos" o WHERE o."photoshoot" = ${TABLE}."photoshoot")`;
  const res = await db.run(
    `DELETE FROM ${TABLE} WHERE ("state" <> 'pending' AND "updated" < ? AND NOT (${reusable})) ` +
      `OR ("state" = 'pending' AND "updated" < ?)`,
    [settledBefore, pendingBefore],
  );
  return res.changes;
}

const DAY_MS = 86_400_000;
/** Settled jobs are kept a week (for operators looking into a photoshoot), stuck ones a month. */
export const SETTLED_KEEP_DAYS = 7;
export const PENDING_KEEP_DAYS = 30;

/** The retention cron's part for this table. */
export function forgetOldJobs(db: Db, now = new Date()): Promise<number> {
  const before = (days: number) => formatDate(new Date(now.getTime() - days * DAY_MS));
  return deleteOldRows(db, before(SETTLED_KEEP_DAYS), before(PENDING_KEEP_DAYS));
}

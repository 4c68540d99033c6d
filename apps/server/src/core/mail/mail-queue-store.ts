/**
 * The rows of `_mail_queue` and their moves: pending → sending (claimed with a lease) → sent, or
 * back to pending with a later `nextAttempt`, or failed for good. A claim is a conditional update,
 * so of several processes on one PostgreSQL database exactly one sends each mail.
 */
import type { Db } from '../db/db.js';
import { formatDate, nowString } from '../../tools/dates.js';
import { newId } from '../../tools/random.js';
import type { MailMessage } from './message.js';

export type MailRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  ref: string;
  state: 'pending' | 'sending' | 'sent' | 'failed' | 'expired';
  /** When the code or link inside stops working ('' when it never does). */
  expiresAt: string;
  attempts: number;
  nextAttempt: string;
  leaseUntil: string;
  lastError: string;
  created: string;
  updated: string;
};

const TABLE = '"_mail_queue"';

export async function insertMail(
  db: Db,
  message: MailMessage,
  opts: { ref?: string; expiresAt?: Date } = {},
): Promise<string> {
  const id = newId();
  const now = nowString();
  const expiresAt = opts.expiresAt ? formatDate(opts.expiresAt) : '';
  await db.run(
    `INSERT INTO ${TABLE} ("id", "to", "subject", "text", "html", "ref", "state", "attempts", "nextAttempt", "expiresAt", "created", "updated") ` +
      `VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?)`,
    [id, message.to, message.subject, message.text, message.html, opts.ref ?? '', now, expiresAt, now, now],
  );
  return id;
}

/**
 * Takes the oldest mail due at `now` (pending and due, or sending under a lease that ran out: its
 * sender stopped) for `leaseMs`; null when none is due or another process took it first.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number): Promise<MailRow | null> {
  const at = formatDate(now);
  for (let tries = 0; tries < 5; tries++) {
    const row = await db.get<MailRow>(
      `SELECT "id" FROM ${TABLE} WHERE ("state" = 'pending' AND "nextAttempt" <= ?) OR ("state" = 'sending' AND "leaseUntil" <= ?) ORDER BY "nextAttempt", "id" LIMIT 1`,
      [at, at],
    );
    if (!row) return null;
    const res = await db.run(
      `UPDATE ${TABLE} SET "state" = 'sending', "leaseUntil" = ?, "attempts" = "attempts" + 1, "updated" = ? ` +
        `WHERE "id" = ? AND (("state" = 'pending' AND "nextAttempt" <= ?) OR ("state" = 'sending' AND "leaseUntil" <= ?))`,
      [formatDate(new Date(now.getTime() + leaseMs)), nowString(), row.id, at, at],
    );
    // note: lost to another process: look again rather than give up the pass.
    if (res.changes !== 1) continue;
    const claimed = await db.get<MailRow>(`SELECT * FROM ${TABLE} WHERE "id" = ?`, [row.id]);
    return claimed ? { ...claimed, attempts: Number(claimed.attempts) } : null;
  }
  return null;
}

/** Sent: the body goes (its links and codes are live credentials); who, what and when stay. */
export async function markMailSent(db: Db, id: string): Promise<void> {
  await db.run(
    `UPDATE ${TABLE} SET "state" = 'sent', "text" = '', "html" = '', "leaseUntil" = '', "lastError" = '', "updated" = ? WHERE "id" = ? AND "state" = 'sending'`,
    [nowString(), id],
  );
}

/**
 * Expired while queued: its code or link no longer works, so sending it would only hand the person
 * something useless. The body goes as with a sent mail; who, what and when stay.
 */
export async function markMailExpired(db: Db, id: string): Promise<void> {
  await db.run(
    `UPDATE ${TABLE} SET "state" = 'expired', "text" = '', "html" = '', "leaseUntil" = '', "updated" = ? WHERE "id" = ? AND "state" = 'sending'`,
    [nowString(), id],
  );
}

/**
 * Whether some mail queued before `before` still waits for an SMTP server: delivery is failing or
 * slow, and a person waiting for a code should be told.
 */
export async function hasMailWaitingSince(db: Db, before: Date): Promise<boolean> {
  const row = await db.get<{ id: string }>(
    `SELECT "id" FROM ${TABLE} WHERE "state" IN ('pending', 'sending') AND "created" < ? LIMIT 1`,
    [formatDate(before)],
  );
  return Boolean(row);
}

export async function markMailRetry(db: Db, id: string, next: Date, error: string): Promise<void> {
  await db.run(
    `UPDATE ${TABLE} SET "state" = 'pending', "nextAttempt" = ?, "leaseUntil" = '', "lastError" = ?, "updated" = ? WHERE "id" = ? AND "state" = 'sending'`,
    [formatDate(next), error.slice(0, 1000), nowString(), id],
  );
}

/** Failed for good: kept for operators (the body too, so it can be resent by hand). */
export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.run(
    `UPDATE ${TABLE} SET "state" = 'failed', "leaseUntil" = '', "lastError" = ?, "updated" = ? WHERE "id" = ? AND "state" = 'sending'`,
    [error.slice(0, 1000), nowString(), id],
  );
}

/** When the next pending mail is due, or null when none is waiting. */
export async function nextDueAt(db: Db): Promise<string | null> {
  const row = await db.get<{ next: string | null }>(
    `SELECT MIN("nextAttempt") AS "next" FROM ${TABLE} WHERE "state" = 'pending'`,
  );
  return row?.next ?? null;
}

/** Makes every waiting mail due now (an operator's "retry now", tests). */
export async function makePendingDue(db: Db): Promise<void> {
  await db.run(`UPDATE ${TABLE} SET "nextAttempt" = ? WHERE "state" = 'pending'`, [nowString()]);
}

export type MailFailure = Pick<
  MailRow,
  'id' | 'to' | 'subject' | 'ref' | 'attempts' | 'lastError' | 'created' | 'updated'
>;

/** Mails that failed for good, newest first, and how many there are. */
export async function listFailedMails(
  db: Db,
  limit: number,
): Promise<{ total: number; items: MailFailure[] }> {
  const count = await db.get<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM ${TABLE} WHERE "state" = 'failed'`);
  const items = await db.all<MailFailure>(
    `SELECT "id", "to", "subject", "ref", "attempts", "lastError", "created", "updated" FROM ${TABLE} WHERE "state" = 'failed' ORDER BY "updated" DESC, "id" DESC LIMIT ?`,
    [limit],
  );
  return { total: Number(count?.n ?? 0), items: items.map((r) => ({ ...r, attempts: Number(r.attempts) })) };
}

/** Forgets sent mails last changed before `before` (they hold no body, only who and when). */
export async function deleteSentBefore(db: Db, before: string): Promise<void> {
  await db.run(`DELETE FROM ${TABLE} WHERE "state" = 'sent' AND "updated" < ?`, [before]);
}

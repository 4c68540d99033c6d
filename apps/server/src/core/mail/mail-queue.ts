/**
 * Delivers `_mail_queue` in the background: a pass sends every due mail, one at a time; a mail an
 * SMTP server refused for the moment (or could not be reached for) waits with a growing backoff,
 * kept across restarts because the wait is a row, not a timer. A permanent refusal (a 5xx reply)
 * or the last attempt leaves it `failed`, which superusers see at `GET /api/admin/mail-failures`.
 * Passes run in every process that opens the App; claims keep them from sending a mail twice.
 */
import type { Db } from '../db/db.js';
import { formatDate, parseDate } from '../../tools/dates.js';
import type { MailMessage } from './message.js';
import {
  claimDueMail,
  deleteSentBefore,
  makePendingDue,
  markMailExpired,
  markMailFailed,
  markMailRetry,
  markMailSent,
  nextDueAt,
  type MailRow,
} from './mail-queue-store.js';

/** Attempts before a mail is given up (about 3.5 hours of backoff). */
export const MAIL_MAX_ATTEMPTS = 10;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Longer than one SMTP exchange can take (connection, greeting and socket timeouts). */
const LEASE_MS = 2 * 60_000;
/** Even with nothing due here, look again this often: another process may have queued mail. */
const IDLE_POLL_MS = 60_000;
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;

export type SentListener = (ref: string) => Promise<void> | void;
export type Deliver = (message: MailMessage) => Promise<void>;
export type MailLog = (line: string) => void;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** A 5xx SMTP reply is the server saying "never": retrying the same mail cannot help. */
function isPermanent(err: unknown): boolean {
  const code = Number((err as { responseCode?: unknown } | null)?.responseCode);
  return code >= 500 && code < 600;
}

export class MailQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly listeners: SentListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly deliver: Deliver,
    private readonly log: MailLog,
  ) {}

  /** `listener(ref)` runs once a mail with a `ref` was accepted by the SMTP server (or the outbox). */
  onSent(listener: SentListener): void {
    this.listeners.push(listener);
  }

  /** Starts a pass now (or right after the one under way). */
  kick(): void {
    if (this.closed) return;
    this.again = true;
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Makes every waiting mail due now and delivers them. */
  async retryNow(): Promise<void> {
    await makePendingDue(this.db);
    this.kick();
    await this.idle();
  }

  /** Resolves when no pass is under way (mails waiting for a later attempt do not count). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle();
  }

  private async loop(): Promise<void> {
    // note: a kick that lands while the next wake-up is being scheduled must still get its pass
    // (it found this loop running, so it only raised `again`): loop until nothing asked for one.
    do {
      try {
        while (this.again && !this.closed) {
          this.again = false;
          await this.pass();
        }
      } catch (err) {
        this.log(`[mail] the mail queue could not be read: ${(err as Error).message}`);
      }
      await this.schedule().catch(() => {});
    } while (this.again && !this.closed);
  }

  private async pass(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const row = await claimDueMail(this.db, new Date(), LEASE_MS);
      if (!row) break;
      await this.attempt(row);
    }
    await deleteSentBefore(this.db, formatDate(new Date(Date.now() - KEEP_SENT_MS)));
  }

  private async attempt(row: MailRow): Promise<void> {
    const expiresAt = parseDate(row.expiresAt);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      await markMailExpired(this.db, row.id);
      this.log(`[mail] "${row.subject}" was not sent: its code or link expired while it waited`);
      return;
    }
    try {
      await this.deliver({ to: row.to, subject: row.subject, text: row.text, html: row.html });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (isPermanent(err) || row.attempts >= MAIL_MAX_ATTEMPTS) {
        await markMailFailed(this.db, row.id, message);
        this.log(`[mail] "${row.subject}" failed for good after ${row.attempts} attempt(s): ${message}`);
      } else {
        await markMailRetry(this.db, row.id, new Date(Date.now() + backoffMs(row.attempts)), message);
        this.log(
          `[mail] sending "${row.subject}" failed (attempt ${row.attempts}), retried later: ${message}`,
        );
      }
      return;
    }
    await markMailSent(this.db, row.id);
    if (!row.ref) return;
    for (const listener of this.listeners) {
      try {
        await listener(row.ref);
      } catch (err) {
        this.log(`[mail] after sending ${row.ref}: ${(err as Error).message}`);
      }
    }
  }

  /** Wakes up for the next waiting mail, or after a while to see other processes' mail. */
  private async schedule(): Promise<void> {
    if (this.closed) return;
    const next = parseDate(await nextDueAt(this.db));
    const wait = next ? Math.max(0, Math.min(IDLE_POLL_MS, next.getTime() - Date.now())) : IDLE_POLL_MS;
    if (this.timer) clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, wait);
    // note: a pending retry must not keep a CLI command or a test process alive.
    this.timer.unref();
  }
}

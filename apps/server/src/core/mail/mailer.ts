/**
 * The one way the server sends mail. SMTP when `settings.smtp.enabled`, otherwise the dev outbox;
 * settings are read per send. Mail the server sends on its own goes through `queue()`: a row in
 * `_mail_queue` (in the caller's transaction when given), delivered in the background and retried
 * until an SMTP server accepts it, so an outage or a restart loses nothing and a response never
 * reveals, by its timing, whether an address exists. `send()` is for a caller that reports the
 * outcome there and then (the settings' test mail, an email change).
 */
import { join } from 'node:path';
import type { Db } from '../db/db.js';
import type { Settings } from '../settings/settings.js';
import type { MailMessage, Sender } from './message.js';
import { listOutbox, saveToOutbox, type OutboxItem } from './outbox.js';
import { sendSmtp } from './smtp-send.js';
import { hasMailWaitingSince, insertMail, listFailedMails, type MailFailure } from './mail-queue-store.js';
import { MailQueue, type MailLog, type SentListener } from './mail-queue.js';

export type { MailLog };

/** A mail still queued after this long means SMTP is failing (a healthy send takes seconds). */
export const DELAYED_AFTER_MS = 60_000;

export class Mailer {
  private readonly queued: MailQueue;

  constructor(
    private readonly settings: () => Settings,
    private readonly dataDir: string,
    private readonly db: Db,
    private readonly log: MailLog = (line) => console.info(line),
  ) {
    this.queued = new MailQueue(db, (message) => this.send(message), log);
  }

  get outboxDir(): string {
    return join(this.dataDir, 'outbox');
  }

  /** Delivers now; rejects when delivery fails. */
  async send(message: MailMessage): Promise<void> {
    const s = this.settings();
    const from: Sender = { name: s.meta.senderName, address: s.meta.senderAddress };
    if (s.smtp.enabled) {
      await sendSmtp(s.smtp, from, message);
      return;
    }
    const path = await saveToOutbox(this.outboxDir, from, message);
    // note: the path only; the message holds a live token and must not reach the logs.
    this.log(
      `[mail] SMTP is disabled; "${message.subject}" was saved to ${path} (superusers: GET /api/mail/outbox)`,
    );
  }

  /**
   * Queues `message`; it is delivered in the background. With `db` (a transaction), the mail is
   * queued only if that transaction commits: call `deliverQueued()` after the commit.
   * `ref` names what the mail is about; `onSent` listeners hear it once the mail was accepted.
   * `expiresAt`: when the code or link inside stops working; a mail still queued then is dropped.
   */
  async queue(message: MailMessage, opts: { db?: Db; ref?: string; expiresAt?: Date } = {}): Promise<void> {
    await insertMail(opts.db ?? this.db, message, { ref: opts.ref, expiresAt: opts.expiresAt });
    if (!opts.db) this.queued.kick();
  }

  /**
   * True when some mail has waited longer than `DELAYED_AFTER_MS` for an SMTP server: delivery is
   * failing, and a person waiting for a code or link should be told it may be late.
   */
  isDelayed(): Promise<boolean> {
    return hasMailWaitingSince(this.db, new Date(Date.now() - DELAYED_AFTER_MS));
  }

  /** Starts delivering what is due (after a commit that queued mail; at start-up). */
  deliverQueued(): void {
    this.queued.kick();
  }

  /** Makes every waiting mail due now and delivers it (an operator's retry, tests). */
  retryNow(): Promise<void> {
    return this.queued.retryNow();
  }

  onSent(listener: SentListener): void {
    this.queued.onSent(listener);
  }

  /** Mails given up on (a permanent refusal, or too many attempts), newest first. */
  failures(limit: number): Promise<{ total: number; items: MailFailure[] }> {
    return listFailedMails(this.db, limit);
  }

  /** Resolves when no delivery pass is under way (mails waiting for a later retry do not count). */
  idle(): Promise<void> {
    return this.queued.idle();
  }

  /** Stops retrying; mail still queued is sent by the next process to open the data. */
  close(): Promise<void> {
    return this.queued.close();
  }

  listOutbox(limit: number): Promise<{ total: number; items: OutboxItem[] }> {
    return listOutbox(this.outboxDir, limit);
  }
}

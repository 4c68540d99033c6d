/**
 * The one way the server sends mail. SMTP when `settings.smtp.enabled`, otherwise the dev outbox;
 * settings are read per send. Account flows send in the background so a response never reveals,
 * by its timing, whether an address exists; `idle()` lets tests and shutdown wait for those.
 */
import { join } from 'node:path';
import type { Settings } from '../settings/settings.js';
import type { MailMessage, Sender } from './message.js';
import { listOutbox, saveToOutbox, type OutboxItem } from './outbox.js';
import { sendSmtp } from './smtp-send.js';

export type MailLog = (line: string) => void;

export class Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly settings: () => Settings,
    private readonly dataDir: string,
    private readonly log: MailLog = (line) => console.info(line),
  ) {}

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

  /** Sends without making the caller wait; a failure is logged and `onFailure` runs (undo a throttle, drop an OTP). */
  sendInBackground(message: MailMessage, onFailure?: () => void): void {
    const job = this.send(message)
      .catch((err: unknown) => {
        this.log(
          `[mail] sending "${message.subject}" failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        onFailure?.();
      })
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves when every background send has finished. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  listOutbox(limit: number): Promise<{ total: number; items: OutboxItem[] }> {
    return listOutbox(this.outboxDir, limit);
  }
}

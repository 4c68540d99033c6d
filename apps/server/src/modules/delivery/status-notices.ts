/**
 * Mails the owner when their photoshoot enters `completed` (photos ready) or `failed` (what
 * happens next), whoever made the move: the review release, the worker with review off, the
 * worker's last failed attempt, or an operator editing the status directly. It listens to
 * committed photoshoot changes and sends once per move: the move is the photoshoot's latest
 * transition-log entry (entries that note something without a move, from = to, do not count), and a conditional upsert in `_params` claims it atomically, so a later
 * edit of the same photoshoot (or another process seeing it) never sends the mail again.
 */
import { ServiceKey } from '../../core/service-key.js';
import type { App } from '../../core/app.js';
import { q, type Db } from '../../core/db/db.js';
import { parseDate } from '../../tools/dates.js';
import type { RecordEvent } from '../../core/records/record-events.js';
import { photoshootFailedMail, photosReadyMail } from './mails.js';
import { recordOf } from '../record-of.js';

/** A move older than this is history (e.g. a photoshoot edited long after delivery): no mail. */
const FRESH_MS = 60 * 60 * 1000;

type LogEntry = { id: string; toStatus: string; created: string };

const noticeKey = (photoshootId: string) => `notice:${photoshootId}`;

/** Mails owners when a photoshoot is delivered or fails for good (delivery module). */
export const statusNoticesKey = new ServiceKey<StatusNotices>('statusNotices');

export class StatusNotices {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly app: App) {
    app.events.on('photoshoots', ['update', 'delete'], (event) => this.onEvent(event));
  }

  /** Resolves when every notice started so far has been sent (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** A photoshoot updated or deleted; one created already completed or failed (an import, a
   * fixture) was never delivered, so creations are not subscribed. */
  private onEvent({ action, record }: RecordEvent): void {
    const { id, status } = recordOf('photoshoots', record);
    if (action === 'delete') return this.track(this.forget(id), 'cleanup');
    if (status !== 'completed' && status !== 'failed') return;
    this.track(this.notify(id, status), `${status} notice for photoshoot ${id}`);
  }

  private track(work: Promise<void>, what: string): void {
    const job = work
      .catch((err: unknown) =>
        console.error(`[delivery] ${what} failed:`, err instanceof Error ? err.message : err),
      )
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** A deleted photoshoot's claim goes with it. */
  private async forget(photoshootId: string): Promise<void> {
    await this.app.db.run(`DELETE FROM "_params" WHERE "id" = ?`, [noticeKey(photoshootId)]);
  }

  private async notify(id: string, status: 'completed' | 'failed'): Promise<void> {
    const db = this.app.db;
    const move = await db.get<LogEntry>(
      `SELECT "id", "toStatus", "created" FROM ${q('photoshoot_events')} WHERE "photoshoot" = ? AND "fromStatus" <> "toStatus" ORDER BY "created" DESC, "id" DESC LIMIT 1`,
      [id],
    );
    if (!move || move.toStatus !== status) return;
    const at = parseDate(move.created);
    if (!at || Date.now() - at.getTime() > FRESH_MS) return;
    if (await this.claimed(id, move.id)) return;

    const photoshoot = recordOf(
      'photoshoots',
      await this.app.records.findById(this.app.registry.require('photoshoots'), id),
    );
    const owner = photoshoot
      ? recordOf(
          'users',
          await this.app.records.findById(this.app.registry.require('users'), photoshoot.user),
        )
      : null;
    const to = owner?.email ?? '';
    if (!photoshoot || !to) return;
    const { meta } = this.app.settings.get();
    const title = photoshoot.title;
    const mail =
      status === 'failed'
        ? photoshootFailedMail(meta, { id, title })
        : photosReadyMail(meta, {
            id,
            title,
            photos: await this.count(
              `SELECT COUNT(*) AS n FROM ${q('results')} WHERE "photoshoot" = ? AND "released" = ?`,
              [id, true],
            ),
            redo:
              (await this.count(
                `SELECT COUNT(*) AS n FROM ${q('photoshoot_events')} WHERE "photoshoot" = ? AND "toStatus" = 'completed' AND "fromStatus" <> 'completed'`,
                [id],
              )) > 1,
            redosLeft: Math.max(0, this.app.settings.get().photoshoots.freeRedos - photoshoot.redoCount),
            originalsRetentionDays: this.app.settings.get().processing.originalsRetentionDays,
          });
    // note: the claim and the queued mail commit together: announced exactly when the mail is on its way.
    const queued = await db.transaction(async (tx) => {
      if (!(await this.claim(tx, id, move.id))) return false;
      await this.app.mailer.queue({ to, ...mail }, { db: tx });
      return true;
    });
    if (queued) this.app.mailer.deliverQueued();
  }

  /** True when the move `moveId` was already announced (saves composing a mail for nothing). */
  private async claimed(photoshootId: string, moveId: string): Promise<boolean> {
    const row = await this.app.db.get<{ value: string }>(`SELECT "value" FROM "_params" WHERE "id" = ?`, [
      noticeKey(photoshootId),
    ]);
    return row?.value === JSON.stringify(moveId);
  }

  /** Records that the move `moveId` was announced; false when someone already did. */
  private async claim(tx: Db, photoshootId: string, moveId: string): Promise<boolean> {
    const res = await tx.run(
      `INSERT INTO "_params" ("id", "value") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE ` +
        `SET "value" = excluded."value" WHERE "_params"."value" <> excluded."value"`,
      [noticeKey(photoshootId), JSON.stringify(moveId)],
    );
    return res.changes === 1;
  }

  private async count(sql: string, params: unknown[]): Promise<number> {
    const row = await this.app.db.get<{ n: number }>(sql, params);
    return row?.n ?? 0;
  }
}

/**
 * Request logs in `<dataDir>/auxiliary.db`, a SQLite file of their own (WAL) whatever engine holds
 * the records, so logging never competes with record writes for the main database's lock or
 * connections. Entries are buffered and written in one transaction every ~200 ms or 500 rows, off
 * the request path. The file is opened on first use, so commands that never log never create it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCollection } from '../db/ddl.js';
import { SqliteDb } from '../db/sqlite.js';
import { formatDate } from '../../tools/dates.js';
import { newLogId } from './log-id.js';
import { logsCollection } from './logs-collection.js';

export type LogEntry = { level: number; message: string; data: Record<string, unknown> };
export type LogRow = {
  id: string;
  created: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
};

const FLUSH_MS = 200;
const FLUSH_ROWS = 500;
/** While the file cannot be written, keep at most this many entries and drop the oldest. */
const MAX_BUFFER = 20_000;
/**
 * Rows per INSERT statement, largest first: a flush is a few multi-row statements instead of one
 * per row, and only these three statement shapes are ever prepared.
 */
const CHUNKS = [100, 10, 1];
const COLUMNS = '"id", "created", "level", "message", "data"';
const insertSql = (rows: number) =>
  `INSERT INTO "_logs" (${COLUMNS}) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ')}`;
const INSERTS = new Map(CHUNKS.map((n) => [n, insertSql(n)]));

export class LogStore {
  private db: Promise<SqliteDb> | null = null;
  private buffer: LogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private warned = false;
  private lastMs = 0;
  private lastDate = '';

  constructor(private readonly dataDir: string) {}

  get file(): string {
    return join(this.dataDir, 'auxiliary.db');
  }

  /** The auxiliary database, opened (and `_logs` created) on first use. */
  handle(): Promise<SqliteDb> {
    if (this.closed) return Promise.reject(new Error('log store is closed'));
    this.db ??= (async () => {
      mkdirSync(this.dataDir, { recursive: true });
      const db = SqliteDb.open(this.file);
      await ensureCollection(db, logsCollection);
      return db;
    })();
    return this.db;
  }

  /** Queues an entry; it is written within ~200 ms. */
  add(entry: LogEntry): void {
    if (this.closed) return;
    this.buffer.push({ id: newLogId(), created: this.now(), ...entry });
    if (this.buffer.length > MAX_BUFFER) this.buffer.splice(0, this.buffer.length - MAX_BUFFER);
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** The current time in the protocol format, formatted at most once per millisecond. */
  private now(): string {
    const ms = Date.now();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastDate = formatDate(new Date(ms));
    }
    return this.lastDate;
  }

  /** Writes every queued entry (tests and shutdown wait on this). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    try {
      const db = await this.handle();
      await db.transaction(async (tx) => {
        let at = 0;
        for (const size of CHUNKS) {
          for (; at + size <= rows.length; at += size) {
            const params: unknown[] = [];
            for (let i = at; i < at + size; i++) {
              const r = rows[i]!;
              params.push(r.id, r.created, r.level, r.message, JSON.stringify(r.data));
            }
            await tx.run(INSERTS.get(size)!, params);
          }
        }
      });
      this.warned = false;
    } catch (err) {
      // Logging must never take the server down: keep the rows for the next attempt.
      this.buffer = [...rows, ...this.buffer].slice(-MAX_BUFFER);
      if (!this.warned)
        console.error(`request logs could not be written to ${this.file}:`, (err as Error).message);
      this.warned = true;
      if (!this.closed && !this.timer) {
        this.timer = setTimeout(() => void this.flush(), FLUSH_MS * 10);
        this.timer.unref();
      }
    }
  }

  /** Deletes entries created before `cutoff` (protocol date format); returns how many. */
  async deleteBefore(cutoff: string): Promise<number> {
    const db = await this.handle();
    return (await db.run('DELETE FROM "_logs" WHERE "created" < ?', [cutoff])).changes;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const db = this.db;
    this.db = null;
    if (db) await (await db.catch(() => null))?.close();
  }
}

/**
 * Cron ticks claimed with PostgreSQL advisory locks, so processes sharing a database run each
 * scheduled tick once. The key is (schema + job id, tick time), taken with pg_try_advisory_lock on
 * one dedicated session per process: advisory locks are database-wide, so the schema (tests run
 * many servers in one database) is part of the key, read from the session's search_path as every
 * other query of the process does. A claim is held until well after its tick (until the next one
 * plus a second), so a process whose timer fires late finds the tick still taken. If this process
 * dies, its session ends and PostgreSQL frees its locks.
 */
import pg from 'pg';
import type { TickClaim, TickLock } from './tick-lock.js';

const KEY = `hashtext(current_schema()::text || ':photoshoot_cron:' || $1::text), hashtext($2::text)`;

export class PgTickLock implements TickLock {
  private session: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly schema: string | undefined,
  ) {}

  private connect(): Promise<pg.Client> {
    this.session ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        options: this.schema ? `-c search_path=${this.schema}` : undefined,
      });
      // A lost session has lost its locks too; the next claim opens a new one.
      const forget = () => {
        this.session = null;
      };
      client.on('error', forget);
      client.on('end', forget);
      await client.connect();
      return client;
    })().catch((err: unknown) => {
      this.session = null;
      throw err;
    });
    return this.session;
  }

  async claim(jobId: string, tick: Date): Promise<TickClaim | null> {
    if (this.closed) return null;
    const client = await this.connect();
    const keys = [jobId, tick.toISOString()];
    const res = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY}) AS ok`, keys);
    if (!res.rows[0]?.ok) return null;
    return {
      releaseAt: (atMs) => {
        const unlock = () => void client.query(`SELECT pg_advisory_unlock(${KEY})`, keys).catch(() => {});
        setTimeout(unlock, Math.max(0, atMs - Date.now())).unref();
      },
    };
  }

  open(): void {
    this.closed = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = await this.session?.catch(() => null);
    this.session = null;
    await client?.end().catch(() => {});
  }
}

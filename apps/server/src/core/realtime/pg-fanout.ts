/**
 * Cross-process delivery on PostgreSQL: each process NOTIFYs its committed record changes and
 * LISTENs for the others'. Payloads over NOTIFY's 8000-byte limit go through a small table.
 */
import pg from 'pg';
import type { CollectionRegistry } from '../schema/registry.js';
import type { RecordEvent } from '../records/record-events.js';
import { randomString } from '../../tools/random.js';
import { newId } from '../../tools/random.js';
import { nowString } from '../../tools/dates.js';

type Wire = { o: string; a: RecordEvent['action']; c: string; r?: Record<string, unknown>; ref?: string };
const MAX_INLINE = 7000;

export class PgFanout {
  private readonly origin = randomString(16);
  private listener: pg.Client | null = null;
  private channel = '';
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly schema: string | undefined,
    private readonly registry: CollectionRegistry,
    private readonly onRemote: (event: RecordEvent) => void,
  ) {}

  async start(): Promise<void> {
    // note: tests run many servers in one database, one schema each; events must not cross schemas.
    // The schema in force, however it was chosen (our option, or search_path in DATABASE_URL as a
    // `photoshoot worker` beside a test server gets it), so every process of one schema agrees.
    const { rows } = await this.pool.query<{ schema: string }>(`SELECT current_schema() AS "schema"`);
    this.channel = `photoshoot_events_${(rows[0]?.schema ?? 'public').replace(/[^a-z0-9_]/gi, '')}`;
    await this.pool.query(
      `CREATE TABLE IF NOT EXISTS "_realtime_events" ("id" TEXT PRIMARY KEY, "payload" TEXT NOT NULL, "created" TEXT NOT NULL)`,
    );
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      options: this.schema ? `-c search_path=${this.schema}` : undefined,
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      // Reconnect after a dropped connection so delivery resumes (events in between are lost).
      if (!this.stopped) setTimeout(() => void this.connect().catch(() => undefined), 1000).unref();
    });
    client.on('notification', (msg) => void this.receive(msg.payload ?? '').catch(() => undefined));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.listener = client;
  }

  async publish(event: RecordEvent): Promise<void> {
    const wire: Wire = { o: this.origin, a: event.action, c: event.collection.id, r: event.record };
    let payload = JSON.stringify(wire);
    if (payload.length > MAX_INLINE) {
      const ref = newId();
      await this.pool.query(
        `INSERT INTO "_realtime_events" ("id", "payload", "created") VALUES ($1, $2, $3)`,
        [ref, payload, nowString()],
      );
      payload = JSON.stringify({
        o: this.origin,
        a: event.action,
        c: event.collection.id,
        ref,
      } satisfies Wire);
    }
    await this.pool.query(`SELECT pg_notify($1, $2)`, [this.channel, payload]);
  }

  private async receive(payload: string): Promise<void> {
    let wire = JSON.parse(payload) as Wire;
    if (wire.o === this.origin) return;
    if (wire.ref) {
      const res = await this.pool.query<{ payload: string }>(
        `SELECT "payload" FROM "_realtime_events" WHERE "id" = $1`,
        [wire.ref],
      );
      if (!res.rows[0]) return;
      wire = JSON.parse(res.rows[0].payload) as Wire;
    }
    const collection = this.registry.find(wire.c);
    if (!collection || !wire.r) return;
    this.onRemote({ action: wire.a, collection, record: wire.r });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.listener?.end().catch(() => undefined);
    await this.pool
      .query(`DELETE FROM "_realtime_events" WHERE "created" < $1`, [nowString().slice(0, 10)])
      .catch(() => undefined);
  }
}

/** The tables a PostgreSQL backup covers: every base table of the current schema but transient ones. */
import type { Db } from '../db/db.js';

/** Cross-process realtime payloads in flight; meaningless in another database or later. */
const TRANSIENT = new Set(['_realtime_events']);

export type PgTable = { name: string; columns: string[] };

export async function listPgTables(db: Db): Promise<PgTable[]> {
  const rows = await db.all<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c ` +
      `JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name ` +
      `WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  );
  const out = new Map<string, PgTable>();
  for (const r of rows) {
    if (TRANSIENT.has(r.table_name)) continue;
    let t = out.get(r.table_name);
    if (!t) out.set(r.table_name, (t = { name: r.table_name, columns: [] }));
    t.columns.push(r.column_name);
  }
  return [...out.values()];
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.js';
import { PostgresDb } from './postgres.js';
import { SqliteDb } from './sqlite.js';

export type DbConfig =
  { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string; schema?: string };

/** Opens the configured engine. SQLite lives in the data dir; PostgreSQL is selected by DATABASE_URL. */
export function connect(config: DbConfig): Db {
  switch (config.kind) {
    case 'sqlite':
      mkdirSync(config.dataDir, { recursive: true });
      return SqliteDb.open(join(config.dataDir, 'data.db'));
    case 'postgres':
      return PostgresDb.open(config.url, config.schema);
  }
}

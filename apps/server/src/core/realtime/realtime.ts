/**
 * Publishing committed record changes to the other processes sharing a PostgreSQL database, and
 * receiving theirs. `App.open` starts it in every process kind, so a `photoshoot worker` process
 * publishes the progress it writes; the HTTP layer only attaches its SSE broker as a listener.
 */
import type { App } from '../app.js';
import { PostgresDb } from '../db/postgres.js';
import type { RecordEvent } from '../records/record-events.js';
import { PgFanout } from './pg-fanout.js';

export type RealtimePublishing = {
  /** Listens to changes committed by other processes; returns the unsubscribe. */
  onRemote(listener: (event: RecordEvent) => void): () => void;
  stop(): Promise<void>;
};

export async function startRealtimePublishing(app: App): Promise<RealtimePublishing> {
  const listeners = new Set<(event: RecordEvent) => void>();
  const config = app.options.db;
  if (config.kind !== 'postgres' || !(app.db instanceof PostgresDb)) {
    // One process per SQLite database: nobody else to tell.
    return { onRemote: () => () => undefined, stop: async () => undefined };
  }
  const fanout = new PgFanout(app.db.pool, config.url, config.schema, app.registry, (event) => {
    for (const listener of listeners) listener(event);
  });
  await fanout.start();
  const off = app.events.onAny((event) => void fanout.publish(event).catch(() => undefined));
  return {
    onRemote(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      off();
      listeners.clear();
      await fanout.stop();
    },
  };
}

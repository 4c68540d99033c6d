/** Wires the broker to committed record events, and on PostgreSQL to the other processes. */
import type { App } from '../app.js';
import { PostgresDb } from '../db/postgres.js';
import { RealtimeBroker } from './broker.js';
import { PgFanout } from './pg-fanout.js';

export async function startRealtime(
  app: App,
): Promise<{ broker: RealtimeBroker; stop: () => Promise<void> }> {
  const broker = new RealtimeBroker(app);
  let fanout: PgFanout | null = null;
  const config = app.options.db;
  if (config.kind === 'postgres' && app.db instanceof PostgresDb) {
    fanout = new PgFanout(
      app.db.pool,
      config.url,
      config.schema,
      app.registry,
      (event) => void broker.dispatch(event),
    );
    await fanout.start();
  }
  const off = app.events.on((event) => {
    void broker.dispatch(event);
    void fanout?.publish(event).catch(() => undefined);
  });
  return {
    broker,
    async stop() {
      off();
      broker.closeAll();
      await fanout?.stop();
    },
  };
}

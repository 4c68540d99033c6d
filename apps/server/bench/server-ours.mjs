/**
 * Our server, as `photoshoot serve` runs it minus the web app and crons: App.open on the seeded
 * data dir (with the bench collection registered) + createServer, listening on 127.0.0.1.
 * Started by run.mjs with fork(); talks back over IPC.
 *
 * BENCH_VARIANT (only `run.mjs --ablate` sets it; never used for the reported figures) patches the
 * app instance in memory to measure what one cost is worth:
 *   nolog    request logging off (as settings `logs.maxDays = 0` would do)
 *   nocache  `app.auth.authenticate` without the caches of core/auth/auth-lookup.ts (every request
 *            reads the auth record and verifies the token's HMAC), as before decision 014
 */
import { App } from '../dist/core/app.js';
import { modules } from '../dist/modules.js';
import { createServer } from '../dist/apis/server.js';
import { posts } from './collection.mjs';
import { serveChild } from './child.mjs';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');

// BENCH_PG_URL + BENCH_PG_SCHEMA (the realtime scenario's two-process mode): PostgreSQL instead of SQLite.
const db = process.env.BENCH_PG_URL
  ? { kind: 'postgres', url: process.env.BENCH_PG_URL, schema: process.env.BENCH_PG_SCHEMA }
  : { kind: 'sqlite', dataDir };
const app = await App.open({ dataDir, db, modules, extraCollections: [posts] });
const variant = new Set((process.env.BENCH_VARIANT ?? '').split(',').filter(Boolean));

if (variant.has('nolog')) {
  const get = app.settings.get.bind(app.settings);
  app.settings.get = () => {
    const s = get();
    return { ...s, logs: { ...s.logs, maxDays: 0 } };
  };
}
if (variant.has('nocache')) {
  // The request path as it was before decision 014: every token verified and its record read.
  app.auth.authenticate = async (header) => {
    if (!header) return null;
    const token = header.replace(/^bearer\s+/i, '').trim();
    const found = token ? await app.auth.verifyRecordToken(token, 'auth') : null;
    return (
      found && {
        collection: found.collection,
        record: found.record,
        refreshable: found.claims.refreshable !== false,
        token,
      }
    );
  };
}

const server = await createServer(app);
await serveChild(server, async () => {
  await server.close();
  await app.close();
});

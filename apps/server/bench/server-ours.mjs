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
 *   theirsql the list's page and COUNT run as the auth baseline's own prepared statements (its SQL
 *            text, its bound values: `published = 1` literal, no alias, no rule term) on the App's
 *            connection; everything around them is ours
 *   theirconn the same statements on a second connection opened as the baseline opens its own
 *            (read-only, only cache_size)
 *   ourconn  our own list SQL and parameters, unchanged, on that second read-only connection
 *   nomodules App.open with no product modules (platform collections only): a smaller heap and less
 *            code loaded, to see whether the process's size alone slows the list's statements
 *   walstat  on stop, prints the data.db -wal size and the connection's change counters to stderr
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { App } from '../dist/core/app.js';
import { modules } from '../dist/modules.js';
import { createServer } from '../dist/apis/server.js';
import { posts } from './collection.mjs';
import { serveChild } from './child.mjs';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');

// BENCH_PG_URL + BENCH_PG_SCHEMA (the realtime scenario's two-process mode): PostgreSQL instead of SQLite.
/** @type {import('../dist/core/db/connect.js').DbConfig} */
const db = process.env.BENCH_PG_URL
  ? { kind: 'postgres', url: process.env.BENCH_PG_URL, schema: process.env.BENCH_PG_SCHEMA }
  : { kind: 'sqlite', dataDir };
const variant = new Set((process.env.BENCH_VARIANT ?? '').split(',').filter(Boolean));
const app = await App.open({
  dataDir,
  db,
  modules: variant.has('nomodules') ? [] : modules,
  extraCollections: [posts],
});

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

if (variant.has('theirsql') || variant.has('theirconn') || variant.has('ourconn'))
  divertListSql(app, variant);

const server = await createServer(app);
await serveChild(server, async () => {
  if (variant.has('walstat')) reportWal(app, dataDir);
  await server.close();
  await app.close();
});

/** Diagnostic (theirsql / theirconn / ourconn): which statements and which connection the list's two queries use. */
function divertListSql(app, variant) {
  const own = app.db.raw;
  const conn =
    variant.has('theirconn') || variant.has('ourconn')
      ? new Database(join(dataDir, 'data.db'), { readonly: true })
      : own;
  if (conn !== own) conn.pragma('cache_size = -32000');
  const WHERE = '"published" = 1 AND "score" > ?';
  const theirs = {
    page: conn.prepare(
      `SELECT * FROM "bench_posts" WHERE ${WHERE} ORDER BY "score" DESC, "id" DESC LIMIT ? OFFSET ?`,
    ),
    count: conn.prepare(`SELECT COUNT(*) AS n FROM "bench_posts" WHERE ${WHERE}`),
  };
  const ours = new Map();
  const mine = (sql) => {
    let s = ours.get(sql);
    if (!s) ours.set(sql, (s = conn.prepare(sql)));
    return s;
  };
  // The rule term `(? <> ?)` binds the caller's id and ''; a guest (rule false) keeps our SQL.
  const signedIn = (params) => typeof params?.[0] === 'string' && params[0] !== '' && params[1] === '';
  const isPage = (sql, params) => sql.startsWith('SELECT r.* FROM "bench_posts" r WHERE') && signedIn(params);
  const isCount = (sql, params) =>
    sql.startsWith('SELECT COUNT(*) AS n FROM "bench_posts" r WHERE') && signedIn(params);
  const all = app.db.all.bind(app.db);
  const get = app.db.get.bind(app.db);
  // note: the bench's list is always page 1 of 30 with `score > 500 && published = true`; run.mjs
  // checks that the answers stay identical to the baselines'.
  app.db.all = async (sql, params) => {
    if (!isPage(sql, params)) return all(sql, params);
    return variant.has('ourconn') ? mine(sql).all(...params) : theirs.page.all(500, 30, 0);
  };
  app.db.get = async (sql, params) => {
    if (!isCount(sql, params)) return get(sql, params);
    return variant.has('ourconn') ? mine(sql).get(...params) : theirs.count.get(500);
  };
}

function reportWal(app, dir) {
  const wal = join(dir, 'data.db-wal');
  const raw = app.db.raw;
  process.stderr.write(
    `[ours walstat] data.db-wal ${existsSync(wal) ? statSync(wal).size : 'absent'} bytes, ` +
      `total_changes ${raw.prepare('SELECT total_changes()').pluck().get()}, ` +
      `data_version ${raw.pragma('data_version', { simple: true })}, ` +
      `cache_size ${raw.pragma('cache_size', { simple: true })}\n`,
  );
}

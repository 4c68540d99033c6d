/**
 * Starts the real server on a loopback port with a throwaway database, on SQLite or (when
 * TEST_DATABASE_URL is set) PostgreSQL in a private schema, and hands out SDK clients.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import PocketBase from 'pocketbase';
import type { FastifyInstance } from 'fastify';
import { App } from '../../src/core/app.js';
import { createServer } from '../../src/apis/server.js';
import type { CollectionDef } from '../../src/core/schema/collection.js';
import type { DbConfig } from '../../src/core/db/connect.js';
import { upsertSuperuser } from '../../src/core/auth/superusers.js';
import { randomString } from '../../src/tools/random.js';
import { modules } from '../../src/modules.js';
import type { HttpModule } from '../../src/apis/http-module.js';

export type Engine = 'sqlite' | 'postgres';

/** The engines this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Whether a test whose cost is image work (face models, full-size renders) runs on this engine:
 * on SQLite only. Such a test's outcome cannot depend on the database, and the database side of
 * the same path (jobs, verdicts, results rows) is covered on every engine by lighter tests
 * (test/processing/runner.test.ts, the rest of each file). Doing the image work twice cost CI
 * about seven CPU-minutes. Every use: `grep -rn imageWorkOn test`.
 */
export const imageWorkOn = (engine: Engine): boolean => engine === 'sqlite';

export type TestServer = {
  engine: Engine;
  url: string;
  app: App;
  server: FastifyInstance;
  dataDir: string;
  /** A fresh SDK client (its own in-memory auth store). */
  client(): PocketBase;
  /** An SDK client signed in as a new superuser. */
  superuser(): Promise<PocketBase>;
  /** Creates a user through the API and returns an SDK client signed in as them. */
  user(
    fields?: Record<string, unknown>,
  ): Promise<{ pb: PocketBase; id: string; email: string; password: string }>;
  /** Stops the server and its App and opens new ones on the same data and port (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
};

export async function startServer(opts: {
  engine: Engine;
  collections?: CollectionDef[];
  webDist?: string;
  /** Another server whose PostgreSQL schema this one shares (two "processes", one database). */
  shareSchemaWith?: TestServer;
  /** Keep the default rate limits on (off otherwise: suites create many records quickly). */
  rateLimits?: boolean;
  /** Fastify logger options (off by default). */
  logger?: object;
  /** Test-only modules listed after the product's (e.g. routes that probe a guard). */
  extraModules?: HttpModule[];
  /** PHOTOSHOOT_ENCRYPTION_KEY's value (unset by default, as on a fresh install). */
  encryptionKey?: string;
}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-test-'));
  let dropSchema: (() => Promise<void>) | undefined;
  let db: DbConfig;
  if (opts.shareSchemaWith) {
    db = opts.shareSchemaWith.app.options.db;
  } else if (opts.engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${randomString(12, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    db = { kind: 'postgres', url, schema };
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    };
  } else {
    db = { kind: 'sqlite', dataDir };
  }
  const app = await App.open({
    dataDir,
    db,
    modules: [...modules, ...(opts.extraModules ?? [])],
    extraCollections: opts.collections ?? [],
    encryptionKey: opts.encryptionKey,
  });
  if (!opts.rateLimits) await app.settings.patch({ rateLimits: { enabled: false } });
  const server = await createServer(app, { webDist: opts.webDist, logger: opts.logger });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  let counter = 0;

  const client = () => {
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    return pb;
  };

  const ts: TestServer = {
    engine: opts.engine,
    url,
    app,
    server,
    dataDir,
    client,
    async superuser() {
      const email = `admin${++counter}_${randomString(6, 'abcdefghij')}@example.com`;
      await upsertSuperuser(ts.app, email, 'superuser-password-1');
      const pb = client();
      await pb.collection('_superusers').authWithPassword(email, 'superuser-password-1');
      return pb;
    },
    async user(fields = {}) {
      const email = `user${++counter}_${randomString(6, 'abcdefghij')}@example.com`;
      const password = 'user-password-1';
      const pb = client();
      const rec = await pb
        .collection('users')
        .create({ email, password, passwordConfirm: password, name: 'Test User', ...fields });
      await pb.collection('users').authWithPassword(email, password);
      return { pb, id: rec.id, email, password };
    },
    async restart() {
      await ts.server.close();
      await ts.app.close();
      ts.app = await App.open(ts.app.options);
      ts.server = await createServer(ts.app, { webDist: opts.webDist });
      await ts.server.listen({ host: '127.0.0.1', port });
    },
    async close() {
      await ts.server.close();
      await ts.app.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ts;
}

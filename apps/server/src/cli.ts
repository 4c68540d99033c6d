#!/usr/bin/env node
/**
 * `photoshoot serve` and `photoshoot superuser upsert EMAIL PASSWORD`: the one entry point for
 * operators. Serve shuts down gracefully on SIGTERM/SIGINT: in-flight requests finish first.
 */
import { App } from './core/app.js';
import { ConfigError, loadConfig, type BootConfig } from './config.js';
import { createServer } from './apis/server.js';
import { upsertSuperuser, countSuperusers } from './core/auth/superusers.js';
import { ApiError } from './core/errors.js';
import { JobRunner } from './modules/processing/job-runner.js';
import { modules } from './modules.js';
import { serverLoggerOptions } from './apis/server-logger.js';
import { redactConsole } from './core/logs/console-redaction.js';
import { adoptListenAddress, listenAppUrl } from './core/settings/app-url.js';
import { allocatorNote } from './allocator-note.js';

const USAGE = `Usage:
  photoshoot serve [--http=127.0.0.1:8090] [--dir=./pb_data]
  photoshoot worker [--dir=./pb_data]
  photoshoot superuser upsert EMAIL PASSWORD [--dir=./pb_data]

Environment: DATABASE_URL=postgres://... switches from SQLite to PostgreSQL.`;

async function serve(config: BootConfig): Promise<void> {
  const app = await App.open({
    dataDir: config.dataDir,
    db: config.db,
    encryptionKey: config.encryptionKey,
    modules,
  });
  const server = await createServer(app, {
    webDist: config.webDist,
    jsonBody: config.jsonBody,
    logger: serverLoggerOptions({ level: config.dev ? 'debug' : 'info' }),
    requestLog: config.dev,
  });
  await server.listen({ host: config.host, port: config.port });
  app.crons.start();
  const concurrency = app.settings.get().processing.workerConcurrency;
  const runner = new JobRunner(app, { concurrency, onError: (err) => console.error(err) }).start();
  const base = listenAppUrl(config.host, config.port);
  const appURL = await adoptListenAddress(app, base);
  console.log(`Photoshoot is serving on ${base} (API: ${base}/api/, database: ${config.db.kind})`);
  if (appURL !== base) console.log(`Links in mails point to ${appURL} (settings: Application URL).`);
  const note = allocatorNote();
  if (note) console.warn(note);
  if ((await countSuperusers(app)) === 0) {
    console.log(
      `No superuser exists yet. Create one with:\n  npx photoshoot superuser upsert you@example.com 'a-long-password' --dir=${config.dataDir}`,
    );
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing in-flight requests…`);
    const force = setTimeout(() => process.exit(1), 15000);
    force.unref();
    server
      .close()
      .then(() => runner.stop())
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Processes the job queue without serving HTTP; SIGTERM stops claiming and finishes or releases. */
async function worker(config: BootConfig): Promise<void> {
  const app = await App.open({
    dataDir: config.dataDir,
    db: config.db,
    encryptionKey: config.encryptionKey,
    modules,
  });
  const concurrency = Math.max(1, app.settings.get().processing.workerConcurrency);
  const runner = new JobRunner(app, { concurrency, onError: (err) => console.error(err) }).start();
  console.log(`Photoshoot worker ${runner.name} is processing jobs (concurrency ${concurrency}).`);
  const note = allocatorNote();
  if (note) console.warn(note);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing or releasing running jobs…`);
    const force = setTimeout(() => process.exit(1), 30000);
    force.unref();
    runner
      .stop()
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function superuser(config: BootConfig): Promise<void> {
  const [, action, email, password] = config.command;
  if (action !== 'upsert' || !email || !password) throw new ConfigError(USAGE);
  const app = await App.open({
    dataDir: config.dataDir,
    db: config.db,
    encryptionKey: config.encryptionKey,
    modules,
  });
  try {
    const { created } = await upsertSuperuser(app, email, password);
    console.log(`Superuser ${email} ${created ? 'created' : 'updated'}.`);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  redactConsole();
  const config = loadConfig(process.argv.slice(2));
  switch (config.command[0]) {
    case 'serve':
      return serve(config);
    case 'worker':
      return worker(config);
    case 'superuser':
      return superuser(config);
    default:
      throw new ConfigError(USAGE);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof ApiError) console.error(`${err.message} ${JSON.stringify(err.data)}`);
  else console.error(err);
  process.exit(1);
});

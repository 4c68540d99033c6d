/**
 * The application core: database, collections and secrets. It knows nothing of HTTP, so the CLI,
 * the HTTP layer, workers and tests all drive the same object, and nothing of the product: the
 * modules it is opened with bring that (decision 020).
 */
import { connect, type DbConfig } from './db/connect.js';
import type { Db } from './db/db.js';
import { ensureCollection } from './db/ddl.js';
import { migrationsFor, runMigrations, type Migration } from './migrations.js';
import { readParam, writeParam } from './params.js';
import type { CollectionDef } from './schema/collection.js';
import { CollectionRegistry } from './schema/registry.js';
import { platformCollections } from './collections/index.js';
import type { AppModule } from './module.js';
import type { ServiceKey } from './service-key.js';
import { startRealtimePublishing, type RealtimePublishing } from './realtime/realtime.js';
import { randomString } from '../tools/random.js';
import type { TokenType } from './auth/tokens.js';
import { RecordService } from './records/record-service.js';
import { AuthService } from './auth/auth-service.js';
import { SettingsStore } from './settings/settings-store.js';
import { Mailer } from './mail/mailer.js';
import { RecordEvents } from './records/record-events.js';
import { LogStore } from './logs/log-store.js';
import { CronRegistry } from './cron/cron-registry.js';
import { registerSystemCrons } from './cron/system-jobs.js';
import { AppStorage } from './files/app-storage.js';
import { BackupService } from './backups/backup-service.js';
import { RecordHooks } from './records/record-hooks.js';
import { cleanUpDeletedAccounts } from './auth/account-cleanup.js';

/** Options the modules read (`declare module` blocks add theirs, e.g. `stripeApi`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleOptions {}

export type AppOptions = ModuleOptions & {
  dataDir: string;
  db: DbConfig;
  /** The product: registered in this order (the list is `src/modules.ts`). */
  modules: readonly AppModule[];
  /** Test-only collections registered (and their tables created) after the product ones. */
  extraCollections?: CollectionDef[];
  /** Encrypts stored settings (secrets) when set. */
  encryptionKey?: string;
};

type Secrets = Record<string, Record<TokenType, string>>;

export class App {
  readonly records: RecordService;
  readonly auth: AuthService;
  readonly settings: SettingsStore;
  /** SMTP or the dev outbox, per the live settings. */
  readonly mailer: Mailer;
  /** Committed record changes (realtime listens here). */
  readonly events = new RecordEvents();
  /** Domain rules run inside record writes (photoshoot lifecycle edits, photo limits, ...). */
  readonly hooks = new RecordHooks();
  /** Request logs, in `<dataDir>/auxiliary.db` apart from the main database. */
  readonly logs: LogStore;
  /** Scheduled jobs; registered here, started only by `photoshoot serve`. */
  readonly crons = new CronRegistry();
  /** Record files: `<dataDir>/storage`, or S3 while `settings.s3.enabled`. */
  readonly storage: AppStorage;
  /** Backup zips in `<dataDir>/backups`: create, upload, restore, and the scheduled backup. */
  readonly backups: BackupService;
  /** Every migration of the platform and the modules (a restore runs them again). */
  readonly migrations: readonly Migration[];
  /** Installed by the backups feature; the `__backups__` cron job calls it. */
  backupHook?: () => Promise<void>;
  private secrets: Secrets = {};
  private readonly services = new Map<ServiceKey<unknown>, unknown>();
  /** Run first on close, in registration order: modules' services still writing. */
  private readonly closers: (() => Promise<void>)[] = [];
  private publishing: RealtimePublishing | null = null;

  private constructor(
    readonly options: AppOptions,
    readonly db: Db,
    readonly registry: CollectionRegistry,
  ) {
    this.records = new RecordService(this);
    this.auth = new AuthService(this);
    this.migrations = migrationsFor(options.modules);
    const sections = options.modules.flatMap((m) => (m.settings ? [m.settings] : []));
    this.settings = new SettingsStore(db, options.encryptionKey, sections);
    this.logs = new LogStore(options.dataDir);
    this.mailer = new Mailer(() => this.settings.get(), options.dataDir, db);
    this.storage = new AppStorage({
      dataDir: options.dataDir,
      settings: () => this.settings.get(),
      events: this.events,
    });
    this.backups = new BackupService(this);
    this.backupHook = () => this.backups.createScheduled();
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  static async open(options: AppOptions): Promise<App> {
    const db = connect(options.db);
    let opened = false;
    try {
      await runMigrations(db, migrationsFor(options.modules));
      const registry = new CollectionRegistry([
        ...platformCollections,
        ...options.modules.flatMap((m) => m.collections ?? []),
      ]);
      for (const extra of options.extraCollections ?? []) {
        registry.register(extra);
        await ensureCollection(db, extra);
      }
      const app = new App(options, db, registry);
      opened = true;
      try {
        await app.loadSecrets();
        await app.settings.load();
        registerSystemCrons(app);
        cleanUpDeletedAccounts(app);
        for (const m of options.modules) m.register?.(app);
        // Every process kind publishes its record changes to the others (serve, worker, CLI).
        app.publishing = await startRealtimePublishing(app);
        for (const m of options.modules) await m.start?.(app);
        // note: mail queued before a restart (or an outage) goes out now, not at its next retry.
        app.mailer.deliverQueued();
      } catch (err) {
        await app.close().catch(() => {});
        throw err;
      }
      return app;
    } catch (err) {
      if (!opened) await db.close().catch(() => {});
      throw err;
    }
  }

  private async loadSecrets(db: Db = this.db): Promise<void> {
    this.secrets = (await readParam<Secrets>(db, 'secrets')) ?? {};
    let changed = false;
    for (const c of this.registry.all()) {
      if (c.type !== 'auth' || this.secrets[c.id]) continue;
      const s = () => randomString(50);
      this.secrets[c.id] = { auth: s(), file: s(), verification: s(), passwordReset: s(), emailChange: s() };
      changed = true;
    }
    if (changed) await writeParam(db, 'secrets', this.secrets);
  }

  /** Re-reads the token secrets after a restore, through `db` (its transaction) when given. */
  reloadSecrets(db: Db = this.db): Promise<void> {
    return this.loadSecrets(db);
  }

  /** The collection half of a token signing key. */
  tokenSecret(collection: CollectionDef, type: TokenType): string {
    const s = this.secrets[collection.id]?.[type];
    if (!s) throw new Error(`no ${type} secret for ${collection.name}`);
    return s;
  }

  /** Hangs a module's service off the app, for `service(key)`; one per key. */
  provide<T>(key: ServiceKey<T>, service: T): T {
    if (this.services.has(key)) throw new Error(`service ${key.name} is already provided`);
    this.services.set(key, service);
    return service;
  }

  /**
   * A service several modules add to (a registry of kinds), made on first use by whichever module
   * comes first, so the modules' order in the list does not matter.
   */
  shared<T>(key: ServiceKey<T>, create: () => T): T {
    if (!this.services.has(key)) this.services.set(key, create());
    return this.services.get(key) as T;
  }

  /** @throws {Error} when no module provided `key` (a module missing from the list). */
  service<T>(key: ServiceKey<T>): T {
    if (!this.services.has(key)) throw new Error(`no module provides ${key.name}`);
    return this.services.get(key) as T;
  }

  /** Work a module must finish (or stop) before the database and storage close. */
  onClose(fn: () => Promise<void>): void {
    this.closers.push(fn);
  }

  /** Where this process's committed record changes go out to other processes (PostgreSQL). */
  get realtime(): RealtimePublishing | null {
    return this.publishing;
  }

  async close(): Promise<void> {
    // First: an analysis in flight or a mail still being decided writes through storage and the database.
    for (const fn of this.closers) await fn();
    await this.backups.idle();
    await this.publishing?.stop();
    // note: a delivery pass under way finishes; mail still waiting stays queued for the next start.
    await this.mailer.close();
    await this.storage.idle();
    this.storage.close();
    await this.crons.stop();
    await this.logs.close();
    this.settings.close();
    await this.db.close();
  }
}

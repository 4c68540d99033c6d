/**
 * The application core: database, collections and secrets. It knows nothing of HTTP, so the CLI,
 * the HTTP layer, workers and tests all drive the same object.
 */
import { connect, type DbConfig } from './db/connect.js';
import type { Db } from './db/db.js';
import { ensureCollection } from './db/ddl.js';
import { runMigrations } from './migrations.js';
import { readParam, writeParam } from './params.js';
import type { CollectionDef } from './schema/collection.js';
import { CollectionRegistry } from './schema/registry.js';
import { productCollections } from '../modules/all-collections.js';
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
import { registerDomainHooks } from '../modules/photoshoots/domain-hooks.js';
import { cleanUpDeletedAccounts } from './auth/account-cleanup.js';
import { seedCatalog } from '../modules/catalog/seed-catalog.js';
import { UploadChecks } from '../modules/analysis/upload-checks.js';
import type { StripeApiTarget } from '../modules/payments/providers/stripe.js';
import type { ProviderApiTargets } from '../modules/hosted-providers/hosted-apis.js';
import { StatusNotices } from '../modules/delivery/status-notices.js';
import { HostedCancellations } from '../modules/hosted-providers/cancel-on-refund.js';

export type AppOptions = {
  dataDir: string;
  db: DbConfig;
  /** Test-only collections registered (and their tables created) after the product ones. */
  extraCollections?: CollectionDef[];
  /** Encrypts stored settings (secrets) when set. */
  encryptionKey?: string;
  /** Where the Stripe SDK sends requests (tests: a local fake of Stripe's API); Stripe's own API otherwise. */
  stripeApi?: StripeApiTarget;
  /** Base URLs of the hosted generation providers (tests: local fakes of their APIs); their real APIs otherwise. */
  providerApis?: ProviderApiTargets;
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
  /** Analyses each new original photo in worker threads and records the verdict. */
  readonly uploadChecks = new UploadChecks(this);
  /** Mails owners when a photoshoot is delivered or fails for good. */
  readonly notices: StatusNotices;
  /** Cancels a refunded photoshoot's jobs at hosted providers. */
  readonly hostedCancels: HostedCancellations;
  /** Installed by the backups feature; the `__backups__` cron job calls it. */
  backupHook?: () => Promise<void>;
  private secrets: Secrets = {};

  private constructor(
    readonly options: AppOptions,
    readonly db: Db,
    readonly registry: CollectionRegistry,
  ) {
    this.records = new RecordService(this);
    this.auth = new AuthService(this);
    this.settings = new SettingsStore(db, options.encryptionKey);
    this.logs = new LogStore(options.dataDir);
    this.mailer = new Mailer(() => this.settings.get(), options.dataDir);
    this.storage = new AppStorage({
      dataDir: options.dataDir,
      settings: () => this.settings.get(),
      events: this.events,
    });
    this.backups = new BackupService(this);
    this.notices = new StatusNotices(this);
    this.hostedCancels = new HostedCancellations(this);
    this.backupHook = () => this.backups.createScheduled();
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  static async open(options: AppOptions): Promise<App> {
    const db = connect(options.db);
    try {
      await runMigrations(db);
      const registry = new CollectionRegistry(productCollections);
      for (const extra of options.extraCollections ?? []) {
        registry.register(extra);
        await ensureCollection(db, extra);
      }
      const app = new App(options, db, registry);
      await app.loadSecrets();
      await app.settings.load();
      registerSystemCrons(app);
      registerDomainHooks(app.hooks);
      cleanUpDeletedAccounts(app);
      app.uploadChecks.start();
      await seedCatalog(app);
      return app;
    } catch (err) {
      await db.close().catch(() => {});
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

  async close(): Promise<void> {
    // First: an analysis in flight still writes through storage and the database.
    await this.uploadChecks.close();
    await this.backups.idle();
    await this.notices.idle();
    await this.hostedCancels.idle();
    // note: mails already accepted by an API call (a reset link, an OTP) are delivered before shutdown.
    await this.mailer.idle();
    await this.storage.idle();
    this.storage.close();
    await this.crons.stop();
    await this.logs.close();
    this.settings.close();
    await this.db.close();
  }
}

/**
 * What a product module brings to the platform (decision 020). The platform runs these parts in
 * the order the modules are listed and knows nothing else of them; HTTP routes are added by the
 * HTTP layer (`apis/http-module.ts`), so this type stays free of HTTP.
 */
import type { App } from './app.js';
import type { Migration } from './migrations.js';
import type { CollectionDef } from './schema/collection.js';
import type { SettingsSection } from './settings/settings-section.js';

export type AppModule = {
  /** Unique, for error messages and the docs. */
  readonly name: string;
  /** Its collections, in dependency order; their tables are made by migration `0010_domain`. */
  readonly collections?: readonly CollectionDef[];
  /** Schema changes after `0010_domain`; run with every module's, ordered by id. */
  readonly migrations?: readonly Migration[];
  /** Its section of the live settings (`settings.<name>`). */
  readonly settings?: SettingsSection<any>;
  /**
   * Installs record hooks, event listeners, crons and services on the opening app. Runs after
   * settings are loaded, before any module's `start`.
   */
  register?(app: App): void;
  /** Work once everything is registered (background checks, seeding the catalogue). */
  start?(app: App): Promise<void> | void;
};

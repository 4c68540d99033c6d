/**
 * Loads, validates, encrypts and saves live settings. Changes apply at once in this process; other
 * processes sharing a PostgreSQL database pick them up within a few seconds.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db.js';
import { ApiError } from '../errors.js';
import { readParam, writeParam } from '../params.js';
import { defaultSettings, normalizeSettings, secretPaths, type Settings } from './settings.js';
import type { SettingsSection } from './settings-section.js';
import { blankSecrets, keepSecrets, secretStatus } from './secret-paths.js';
import { validateSettings } from './validate-settings.js';
import { isJsonObject } from '../../tools/object-kinds.js';

type Stored = Settings | { enc: string };
type Plain = Record<string, unknown>;

const RELOAD_MS = 5000;

/** Deep merge where arrays and scalars replace; unknown keys of `patch` are dropped. */
function merge(base: Plain, patch: Plain): Plain {
  const out: Plain = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (!(k in base)) continue;
    out[k] = isJsonObject(base[k]) && isJsonObject(v) ? merge(base[k] as Plain, v) : v;
  }
  return out;
}

export class SettingsStore {
  private current: Settings;
  private loadedAt = 0;
  private readonly key: Buffer | null;
  private readonly secrets: readonly string[];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    encryptionKey: string | undefined,
    /** The modules' sections, next to the platform's own. */
    readonly sections: readonly SettingsSection<unknown>[] = [],
  ) {
    this.key = encryptionKey ? createHash('sha256').update(encryptionKey).digest() : null;
    this.current = defaultSettings(sections);
    this.secrets = secretPaths(sections);
  }

  async load(): Promise<void> {
    const stored = await readParam<Stored>(this.db, 'settings');
    const plain = stored && 'enc' in stored ? this.decrypt(stored.enc) : (stored ?? {});
    this.current = normalizeSettings(
      merge(defaultSettings(this.sections) as unknown as Plain, plain as Plain) as unknown as Settings,
    );
    this.loadedAt = Date.now();
    if (this.db.dialect === 'postgres' && !this.timer) {
      this.timer = setInterval(() => void this.load().catch(() => {}), RELOAD_MS);
      this.timer.unref();
    }
  }

  /** The settings in force (a shared object: do not mutate). */
  get(): Settings {
    return this.current;
  }

  get age(): number {
    return Date.now() - this.loadedAt;
  }

  /** Settings as the API shows them: every secret blanked. */
  masked(): Settings {
    const s = structuredClone(this.current);
    blankSecrets(s, this.secrets);
    return s;
  }

  /** Which secrets hold a value (`true`) or are empty, by path: never the values themselves. */
  secretsSet(): Record<string, boolean> {
    return secretStatus(this.current, this.secrets);
  }

  /** Merges a partial update, keeping secrets the patch leaves out or blanks (`null` clears one). */
  async patch(patch: unknown): Promise<Settings> {
    if (!isJsonObject(patch)) throw ApiError.badRequest('An error occurred while saving the new settings.');
    const prev = this.current;
    const next = normalizeSettings(
      merge(structuredClone(prev) as unknown as Plain, patch) as unknown as Settings,
    );
    keepSecrets(next, prev, this.secrets);
    const errors = validateSettings(next, this.sections);
    if (Object.keys(errors).length)
      throw ApiError.badRequest('An error occurred while saving the new settings.', errors);
    await writeParam(this.db, 'settings', this.key ? { enc: this.encrypt(next) } : next);
    this.current = next;
    this.loadedAt = Date.now();
    return next;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private encrypt(value: Settings): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key!, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  private decrypt(enc: string): Plain {
    if (!this.key)
      throw new Error('settings are encrypted: set PHOTOSHOOT_ENCRYPTION_KEY to the key used to save them');
    const raw = Buffer.from(enc, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(
      Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
    ) as Plain;
  }
}

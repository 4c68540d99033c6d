/** Field checks for settings; returns nested `{section: {field: {code, message}}}` errors. */
import type { Settings } from './settings.js';
import { validateOAuth2Providers } from '../oauth2/validate-providers.js';
import { validateMfaSettings } from '../auth/mfa-settings.js';
import type { SettingsSection } from './settings-section.js';
import { validateOpsSettings } from './validate-ops-settings.js';
import { appUrlProblem } from './app-url.js';

type Errors = Record<string, Record<string, unknown>>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSettings(s: Settings, sections: readonly SettingsSection<unknown>[]): Errors {
  const errors: Errors = {};
  const add = (section: string, field: string, code: string, message: string) => {
    (errors[section] ??= {})[field] = { code, message };
  };
  // Paths deeper than `section.field` nest like PocketBase's errors: rateLimits.rules.0.audience.
  const addAt = (path: string, code: string, message: string) => {
    const keys = path.split('.');
    let node: Record<string, unknown> = errors;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]!] = { code, message };
  };
  if (typeof s.meta.appName !== 'string' || !s.meta.appName.trim())
    add('meta', 'appName', 'validation_required', 'Cannot be blank.');
  const appUrlError = appUrlProblem(s.meta.appURL);
  if (appUrlError) add('meta', 'appURL', 'validation_is_url', appUrlError);
  if (typeof s.meta.senderAddress !== 'string' || !EMAIL.test(s.meta.senderAddress)) {
    add('meta', 'senderAddress', 'validation_is_email', 'Must be a valid email address.');
  }
  if (typeof s.smtp.enabled !== 'boolean')
    add('smtp', 'enabled', 'validation_invalid_value', 'Must be true or false.');
  if (s.smtp.enabled && (typeof s.smtp.host !== 'string' || !s.smtp.host))
    add('smtp', 'host', 'validation_required', 'Cannot be blank.');
  if (!Number.isInteger(s.smtp.port) || s.smtp.port < 1 || s.smtp.port > 65535) {
    add('smtp', 'port', 'validation_invalid_value', 'Must be a port number between 1 and 65535.');
  }
  if (!Number.isInteger(s.backups.cronMaxKeep) || s.backups.cronMaxKeep < 1) {
    add('backups', 'cronMaxKeep', 'validation_min_number_constraint', 'Must be at least 1.');
  }
  validateOpsSettings(s, addAt);
  if (!Array.isArray(s.oauth2.providers)) {
    add('oauth2', 'providers', 'validation_invalid_value', 'Must be a list of providers.');
  } else {
    validateOAuth2Providers(s.oauth2.providers, (field, code, message) =>
      add('oauth2', field, code, message),
    );
  }
  if (!Number.isInteger(s.otp.length) || s.otp.length < 4 || s.otp.length > 12)
    add('otp', 'length', 'validation_invalid_value', 'Must be 4 to 12 digits.');
  if (!Number.isInteger(s.otp.duration) || s.otp.duration < 30)
    add('otp', 'duration', 'validation_invalid_value', 'Must be at least 30 seconds.');
  if (!Array.isArray(s.otp.collections) || !s.otp.collections.every((c) => typeof c === 'string')) {
    add('otp', 'collections', 'validation_invalid_value', 'Must be a list of auth collection names.');
  }
  validateMfaSettings(s, (field, code, message) => add('mfa', field, code, message));
  for (const section of sections) {
    const value = (s as unknown as Record<string, unknown>)[section.name];
    section.validate?.(value, (field, code, message) => add(section.name, field, code, message));
  }
  return errors;
}

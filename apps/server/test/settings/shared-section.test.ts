/**
 * A module adds fields to another module's settings section by registering a section of the same
 * name: the defaults merge, the secret fields of both are secret, and each checks its own fields.
 * The hosted providers' keys live in `processing` this way, so processing never imports them.
 */
import { describe, expect, it } from 'vitest';
import type { SettingsSection } from '../../src/core/settings/settings-section.js';
import { defaultSettings, secretPaths } from '../../src/core/settings/settings.js';
import { validateSettings } from '../../src/core/settings/validate-settings.js';

const own: SettingsSection<{ workers: number }> = {
  name: 'jobs',
  defaults: () => ({ workers: 1 }),
  validate: (v, add) => {
    if (v.workers < 0) add('workers', 'validation_invalid_value', 'Must be 0 or more.');
  },
};
const added: SettingsSection<{ remote: { apiKey: string } }> = {
  name: 'jobs',
  defaults: () => ({ remote: { apiKey: '' } }),
  secretFields: ['remote.apiKey'],
  validate: (v, add) => {
    if (/\s/.test(v.remote.apiKey)) add('remote.apiKey', 'validation_invalid_value', 'No spaces.');
  },
};
const sections = [own, added] as SettingsSection<unknown>[];

describe('a settings section several modules add to', () => {
  it('merges their defaults under the one name', () => {
    const s = defaultSettings(sections) as unknown as Record<string, unknown>;
    expect(s.jobs).toEqual({ workers: 1, remote: { apiKey: '' } });
  });

  it('keeps the added secret fields secret', () => {
    expect(secretPaths(sections)).toContain('jobs.remote.apiKey');
  });

  it("runs each module's checks on its own fields", () => {
    const s = defaultSettings(sections) as unknown as Record<string, unknown>;
    s.jobs = { workers: -1, remote: { apiKey: 'a b' } };
    expect(validateSettings(s as never, sections).jobs).toEqual({
      workers: { code: 'validation_invalid_value', message: 'Must be 0 or more.' },
      'remote.apiKey': { code: 'validation_invalid_value', message: 'No spaces.' },
    });
  });
});

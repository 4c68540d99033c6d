import { describe, expect, it } from 'vitest';
import { privacyPromise } from './privacy-text';

describe('privacyPromise', () => {
  it('promises photos stay on our servers only in local mode', () => {
    expect(privacyPromise('local')).toMatch(/never leave our own servers/);
    expect(privacyPromise('local')).not.toMatch(/sent to/);
  });

  it('says photos go to an outside AI service in hosted mode, and promises nothing local', () => {
    expect(privacyPromise('hosted')).toMatch(/sent to an outside AI image service/);
    expect(privacyPromise('hosted')).not.toMatch(/never leave/);
  });

  it('promises nothing while the configuration is unknown', () => {
    expect(privacyPromise(undefined)).toBe('');
  });
});

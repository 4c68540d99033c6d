import { describe, expect, it } from 'vitest';
import { engineSummary } from './engine-text';

describe('engineSummary', () => {
  it('says the studio engine keeps the clothes and pose of the photos, and promises no new outfits', () => {
    const text = engineSummary({ kind: 'studio', provider: 'studio' });
    expect(text).toMatch(/made from your own photos/);
    expect(text).toMatch(/keep the clothes and pose/);
    expect(text).not.toMatch(/outfit/i);
  });

  it('says a hosted generative provider makes new portraits with new outfits and settings', () => {
    const text = engineSummary({ kind: 'hosted', provider: 'fal' });
    expect(text).toMatch(/new outfits, poses and settings/);
    expect(text).not.toMatch(/keep the clothes/);
  });

  it('promises nothing while the configuration is unknown', () => {
    expect(engineSummary(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { brandBackdropText, engineSummary } from './engine-text';

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

describe('brandBackdropText', () => {
  it('says how a brand backdrop combines with each style for the studio engine, and nothing otherwise', () => {
    const studio = brandBackdropText({ kind: 'studio', provider: 'studio' });
    expect(studio).toMatch(/framing, light and colour grade/);
    expect(studio).toMatch(/tints the backdrop/);
    expect(brandBackdropText({ kind: 'hosted', provider: 'fal' })).toBe('');
    expect(brandBackdropText(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { brandBackdropText, engineSummary, serviceSentence } from './engine-text';

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

describe('serviceSentence (terms of service)', () => {
  it('calls portraits AI-generated only for a hosted generative provider', () => {
    const studio = serviceSentence('Photoshoot', { kind: 'studio', provider: 'studio' });
    expect(studio).toMatch(/^Photoshoot turns photos you upload into portraits/);
    expect(studio).toMatch(/cuts you out of your own photos/);
    expect(studio).not.toMatch(/AI-generated/);
    expect(serviceSentence('Photoshoot', { kind: 'hosted', provider: 'fal' })).toMatch(
      /AI-generated portraits/,
    );
  });

  it('makes no claim about how while the configuration is unknown', () => {
    expect(serviceSentence('Photoshoot', undefined)).toBe(
      'Photoshoot turns photos you upload into portraits in the styles you choose.',
    );
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

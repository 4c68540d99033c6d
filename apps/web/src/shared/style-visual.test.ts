import { describe, expect, it } from 'vitest';
import { aspectRatio, backdropCss, categoryLabel } from './style-visual';

describe('backdropCss', () => {
  it('paints two or more colours as a gradient at the style angle (160° by default)', () => {
    expect(backdropCss({ backdrop: { colors: ['#111111', '#222222'], angle: 90 } })).toBe(
      'linear-gradient(90deg, #111111, #222222)',
    );
    expect(backdropCss({ backdrop: { colors: ['#111', '#222', '#333'] } })).toBe(
      'linear-gradient(160deg, #111, #222, #333)',
    );
  });

  it('paints one colour flat and falls back to a neutral gradient without colours', () => {
    expect(backdropCss({ backdrop: { colors: ['#abcdef'] } })).toBe('#abcdef');
    expect(backdropCss({ backdrop: null })).toBe('linear-gradient(160deg, #d4d4d8, #71717a)');
  });

  it('ignores anything that is not a hex colour, so stored data cannot inject CSS', () => {
    const css = backdropCss({ backdrop: { colors: ['red;background:url(//x)', '#000000'] } });
    expect(css).toBe('#000000');
  });
});

describe('categoryLabel', () => {
  it('names known categories and spells out unknown ones', () => {
    expect(categoryLabel('real_estate')).toBe('Real estate');
    expect(categoryLabel('corporate')).toBe('Corporate');
    expect(categoryLabel('night_life')).toBe('night life');
  });
});

describe('aspectRatio', () => {
  it('reads w:h and defaults to 4:5', () => {
    expect(aspectRatio('1:1')).toBe(1);
    expect(aspectRatio('2:3')).toBeCloseTo(2 / 3);
    expect(aspectRatio(undefined)).toBe(0.8);
    expect(aspectRatio('bad')).toBe(0.8);
  });
});

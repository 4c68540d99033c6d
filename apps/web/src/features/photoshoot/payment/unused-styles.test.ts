import { describe, expect, it } from 'vitest';
import { unusedStyles, unusedStylesSentence } from './unused-styles';

describe('unusedStyles', () => {
  const pro = { stylesIncluded: 3, imagesPerStyle: 15 };

  it('says how many portraits an order with fewer styles than included will bring', () => {
    const u = unusedStyles(1, pro);
    expect(u).toEqual({ chosen: 1, included: 3, portraits: 15, fullPortraits: 45 });
    expect(unusedStylesSentence(u!)).toBe("You chose 1 of 3 styles: you'll get 15 portraits instead of 45");
  });

  it('has nothing to say when every included style is used, or none is chosen yet', () => {
    expect(unusedStyles(3, pro)).toBeNull();
    expect(unusedStyles(4, pro)).toBeNull();
    expect(unusedStyles(0, pro)).toBeNull();
    expect(unusedStyles(1, undefined)).toBeNull();
  });
});

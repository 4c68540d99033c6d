import { describe, expect, it } from 'vitest';
import { acceptedCount } from './upload-page';

describe('acceptedCount', () => {
  it('counts accepted photos without "7 of 6"', () => {
    expect(acceptedCount(3, 6)).toBe('3 of 6 accepted photos');
    expect(acceptedCount(6, 6)).toBe('6 of 6 accepted photos');
    expect(acceptedCount(7, 6)).toBe('7 accepted photos (6 needed)');
  });
});

import { describe, expect, it } from 'vitest';
import { teamLogoUrl } from './team-logo';

describe('teamLogoUrl', () => {
  it('asks for the fitted thumb, so a wide logo is not cropped to a square', () => {
    const url = teamLogoUrl({ collectionId: 'teams_col', id: 'abc' }, 'acme.png');
    expect(url).toMatch(/\/api\/files\/teams_col\/abc\/acme\.png\?thumb=240x80f$/);
  });
});

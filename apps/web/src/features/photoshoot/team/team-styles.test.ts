import { describe, expect, it } from 'vitest';
import type { Style } from '../../../shared/records';
import { lockedStyles, stylesForTeam } from './team-styles';

const style = (id: string, team = '') => ({ id, team }) as Style;
const catalogue = [style('a'), style('b'), style('c'), style('mine', 't1'), style('theirs', 't2')];

describe('stylesForTeam', () => {
  it('offers the public catalogue and the team’s own styles when the admin picked none', () => {
    expect(stylesForTeam(catalogue, { id: 't1', styles: [] }).map((s) => s.id)).toEqual([
      'a',
      'b',
      'c',
      'mine',
    ]);
  });

  it('narrows to the team’s picks plus its own styles, never another team’s', () => {
    expect(stylesForTeam(catalogue, { id: 't1', styles: ['b', 'theirs'] }).map((s) => s.id)).toEqual([
      'b',
      'mine',
    ]);
  });
});

describe('lockedStyles', () => {
  it('gives the team’s picks in their order, up to the package’s limit', () => {
    expect(lockedStyles(catalogue, { styles: ['c', 'a', 'b'] }, 2).map((s) => s.id)).toEqual(['c', 'a']);
  });
});

import { describe, expect, it } from 'vitest';
import { inOrder, moveId } from './style-order';

describe('moveId', () => {
  it('moves a style one place up or down', () => {
    expect(moveId(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });
  it('moves to the ends and refuses to move past them', () => {
    expect(moveId(['a', 'b', 'c'], 2, -10)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, -1)).toBeNull();
    expect(moveId(['a', 'b', 'c'], 2, 1)).toBeNull();
    expect(moveId(['a'], 5, 1)).toBeNull();
  });
});

describe('inOrder', () => {
  it('sorts by the ids and keeps unknown items last', () => {
    const items = [{ id: 'a' }, { id: 'x' }, { id: 'b' }];
    expect(inOrder(items, ['b', 'a']).map((i) => i.id)).toEqual(['b', 'a', 'x']);
  });
});

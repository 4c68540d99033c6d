import { describe, expect, it } from 'vitest';
import { commandForKey, moveFocus, SHORTCUTS } from './review-keys';

const key = (
  k: string,
  mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('review shortcuts', () => {
  it('maps each shown key to its command', () => {
    expect(commandForKey(key('ArrowRight'))).toEqual({ kind: 'move', dir: 'right' });
    expect(commandForKey(key('ArrowUp'))).toEqual({ kind: 'move', dir: 'up' });
    expect(commandForKey(key('a'))).toEqual({ kind: 'approve' });
    expect(commandForKey(key('A', { shiftKey: true }))).toEqual({ kind: 'approveStyle' });
    expect(commandForKey(key('r'))).toEqual({ kind: 'reject' });
    expect(commandForKey(key('R', { shiftKey: true }))).toEqual({ kind: 'release' });
    expect(commandForKey(key('Enter'))).toEqual({ kind: 'open' });
    expect(commandForKey(key(' '))).toEqual({ kind: 'open' });
    expect(commandForKey(key('g'))).toEqual({ kind: 'regenerate' });
    expect(commandForKey(key('n'))).toEqual({ kind: 'next' });
    expect(SHORTCUTS.map((s) => s.keys.join('+'))).toContain('Shift+R');
  });

  it('leaves browser shortcuts and other keys alone', () => {
    expect(commandForKey(key('a', { ctrlKey: true }))).toBeNull();
    expect(commandForKey(key('r', { metaKey: true }))).toBeNull();
    expect(commandForKey(key('ArrowLeft', { altKey: true }))).toBeNull();
    expect(commandForKey(key('x'))).toBeNull();
    expect(commandForKey(key('Tab'))).toBeNull();
  });
});

describe('moving through results grouped by style', () => {
  const groups = [
    ['a1', 'a2', 'a3'],
    ['b1', 'b2'],
    ['c1', 'c2', 'c3', 'c4'],
  ];

  it('steps left and right through every result, stopping at the ends', () => {
    expect(moveFocus(groups, 'a3', 'right')).toBe('b1');
    expect(moveFocus(groups, 'b1', 'left')).toBe('a3');
    expect(moveFocus(groups, 'a1', 'left')).toBe('a1');
    expect(moveFocus(groups, 'c4', 'right')).toBe('c4');
  });

  it('goes up and down between styles at the same position, or the last of a shorter one', () => {
    expect(moveFocus(groups, 'a2', 'down')).toBe('b2');
    expect(moveFocus(groups, 'a3', 'down')).toBe('b2');
    expect(moveFocus(groups, 'b2', 'down')).toBe('c2');
    expect(moveFocus(groups, 'c4', 'up')).toBe('b2');
    expect(moveFocus(groups, 'a1', 'up')).toBe('a1');
    expect(moveFocus(groups, 'c1', 'down')).toBe('c1');
  });

  it('starts at the first result when nothing (or a vanished one) is focused', () => {
    expect(moveFocus(groups, null, 'right')).toBe('a1');
    expect(moveFocus(groups, 'gone', 'down')).toBe('a1');
    expect(moveFocus([[], []], null, 'down')).toBeNull();
  });
});

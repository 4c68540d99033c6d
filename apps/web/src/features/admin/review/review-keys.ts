/**
 * The review screen's keyboard: which key does what (shown on the page from the same table) and
 * how the arrows move through results grouped by style.
 */

export type Direction = 'left' | 'right' | 'up' | 'down';

export type ReviewCommand =
  | { kind: 'move'; dir: Direction }
  | { kind: 'approve' }
  | { kind: 'reject' }
  | { kind: 'open' }
  | { kind: 'approveStyle' }
  | { kind: 'regenerate' }
  | { kind: 'release' }
  | { kind: 'next' };

/** The shortcuts as the page lists them. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['←', '→', '↑', '↓'], action: 'Move (↑ ↓: other style)' },
  { keys: ['A'], action: 'Approve' },
  { keys: ['R'], action: 'Reject with a reason' },
  { keys: ['Enter', 'Space'], action: 'Open large' },
  { keys: ['Shift', 'A'], action: 'Approve rest of style' },
  { keys: ['G'], action: 'Regenerate rejected' },
  { keys: ['Shift', 'R'], action: 'Release' },
  { keys: ['N'], action: 'Next waiting' },
];

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

type KeyLike = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

/** The command for a key press, or null (browser shortcuts with Ctrl/Cmd/Alt are left alone). */
export function commandForKey(e: KeyLike): ReviewCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const dir = ARROWS[e.key];
  if (dir) return { kind: 'move', dir };
  if (e.key === 'Enter' || e.key === ' ') return { kind: 'open' };
  switch (e.key.toLowerCase()) {
    case 'a':
      return e.shiftKey ? { kind: 'approveStyle' } : { kind: 'approve' };
    case 'r':
      return e.shiftKey ? { kind: 'release' } : { kind: 'reject' };
    case 'g':
      return e.shiftKey ? null : { kind: 'regenerate' };
    case 'n':
      return e.shiftKey ? null : { kind: 'next' };
    default:
      return null;
  }
}

/**
 * Where focus goes from `current` in results grouped by style (`groups`, rows of ids in screen
 * order): left/right step through all results in order, stopping at the ends; up/down go to the
 * same position in the previous/next style (or its last result when that one is shorter).
 */
export function moveFocus(
  groups: ReadonlyArray<ReadonlyArray<string>>,
  current: string | null,
  dir: Direction,
): string | null {
  const rows = groups.filter((g) => g.length > 0);
  if (!rows.length) return null;
  const flat = rows.flat();
  if (!current || !flat.includes(current)) return flat[0]!;
  if (dir === 'left' || dir === 'right') {
    const i = flat.indexOf(current) + (dir === 'right' ? 1 : -1);
    return flat[Math.min(Math.max(i, 0), flat.length - 1)]!;
  }
  const r = rows.findIndex((g) => g.includes(current));
  const c = rows[r]!.indexOf(current);
  const target = rows[r + (dir === 'down' ? 1 : -1)];
  if (!target) return current;
  return target[Math.min(c, target.length - 1)]!;
}

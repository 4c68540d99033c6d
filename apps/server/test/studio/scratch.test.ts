/**
 * The render's scratch planes are reused between renders of a thread: a reused plane must come
 * back zeroed (unless asked dirty), two renders at once must never share one, and sizes the last
 * render did not use are let go.
 */
import { describe, expect, it } from 'vitest';
import { renderScratch } from '../../src/modules/processing/studio/scratch.js';

describe('renderScratch', () => {
  it('reuses released planes, zeroed, and never hands one plane to two renders', () => {
    const first = renderScratch();
    const a = first.floats(1000);
    a.fill(7);
    const b = first.bytes(300);
    first.release();

    const second = renderScratch();
    const again = second.floats(1000);
    expect(again).toBe(a);
    expect(again.every((v) => v === 0)).toBe(true);
    expect(second.bytes(300)).toBe(b);
    // Another render while the second holds its planes gets new ones.
    const third = renderScratch();
    const other = third.floats(1000);
    expect(other).not.toBe(a);
    third.release();
    second.release();

    // A plane asked for dirty (the caller overwrites it all) is reused too.
    again.fill(3);
    const fourth = renderScratch();
    const dirty = fourth.floats(1000, true);
    expect([a, other]).toContain(dirty);
    // A size not used by the last render is not kept.
    fourth.release();
    const fifth = renderScratch();
    fifth.floats(50);
    fifth.release();
    const sixth = renderScratch();
    expect([a, other]).not.toContain(sixth.floats(1000));
    sixth.release();
  });
});

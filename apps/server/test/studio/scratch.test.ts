/**
 * The render's scratch planes are reused between renders of a thread: a reused plane must come
 * back zeroed (unless asked dirty), two renders at once must never share one, and sizes the last
 * render did not use are let go. Within a render, a plane handed back early serves a later
 * request that fits in it, once, and not one far shorter than itself. Every kind of backdrop is
 * drawn into one of the render's planes: a fresh full-size plane would add to the render's peak.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderBackdrop, type BackdropSpec } from '../../src/modules/processing/studio/backdrop.js';
import { renderScratch } from '../../src/modules/processing/studio/scratch.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

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

  it('lends a plane handed back early to a later request of the same render', () => {
    const render = renderScratch();
    const rgb = render.floats(300);
    const one = render.floats(100);
    rgb.fill(5);
    one.fill(6);
    render.done(rgb, one);
    // The shortest free plane that fits: the 1-channel plane, then a view of the 3-channel one.
    const first = render.floats(100);
    expect(first.buffer).toBe(one.buffer);
    expect(first.every((v) => v === 0)).toBe(true);
    const second = render.floats(100, true);
    expect(second.buffer).toBe(rgb.buffer);
    expect(second.length).toBe(100);
    // Both are lent out: the next request gets a new plane.
    const third = render.floats(100);
    expect([rgb.buffer, one.buffer]).not.toContain(third.buffer);
    // A free plane is not spent on a request more than three times shorter.
    render.done(first);
    expect(render.floats(30).buffer).not.toBe(one.buffer);
    render.release();

    // The next render reuses the whole planes the last one owned, views included.
    const next = renderScratch();
    const whole = next.floats(300);
    expect(whole).toBe(rgb);
    expect(whole.every((v) => v === 0)).toBe(true);
    next.release();
  });

  it("gives every kind of backdrop one of the render's planes", async () => {
    const [w, h] = [120, 150];
    const brand = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#b4b4b0' } })
      .jpeg()
      .toBuffer();
    const kinds: [string, BackdropSpec, Buffer | null][] = [
      ['gradient', { kind: 'gradient', colors: ['#8e9399', '#4f5358'], angle: 90 }, null],
      ['bokeh', { kind: 'bokeh', colors: ['#b3c68e', '#44603c', '#f6e2b0'], angle: 160 }, null],
      ['brand image', { kind: 'solid', colors: ['#2b3a55'] }, brand],
    ];
    for (const [name, spec, image] of kinds) {
      const render = renderScratch();
      const lent: Float32Array[] = [];
      const alloc = (length: number, dirty?: boolean) => {
        const plane = render.floats(length, dirty);
        lent.push(plane);
        return plane;
      };
      const light = { x: w / 2, y: h / 3, strength: 0.2 };
      const backdrop = await renderBackdrop(spec, w, h, light, seededRandom('plane'), image, alloc);
      expect(
        lent.map((p) => p.buffer),
        name,
      ).toContain(backdrop.data.buffer);
      // A plane lent dirty is overwritten whole: the same backdrop as in fresh memory.
      const fresh = await renderBackdrop(spec, w, h, light, seededRandom('plane'), image);
      expect(
        Buffer.from(backdrop.data.buffer, 0, backdrop.data.byteLength).equals(Buffer.from(fresh.data.buffer)),
        name,
      ).toBe(true);
      render.release();
    }
  });
});

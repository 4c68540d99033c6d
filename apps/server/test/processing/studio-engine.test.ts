/**
 * The studio engine on its own (in this thread, no database): the same seed gives the same
 * image, another variant another one; the frame follows the style; without any model it still
 * renders a portrait from a placeholder matte; it keeps as many photos' analyses as it is told.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { STYLE_SEEDS } from '../../src/modules/catalog/catalog-styles.js';
import { StudioEngine } from '../../src/modules/processing/studio/studio-engine.js';
import { ASTRONAUT } from './support.js';

const headshot = STYLE_SEEDS.find((s) => s.framing === 'headshot' && s.aspect === '4:5')!;
const square = STYLE_SEEDS.find((s) => s.aspect === '1:1')!;

describe('studio engine', () => {
  let engine: StudioEngine;
  let photo: Buffer;
  beforeAll(async () => {
    engine = await StudioEngine.open();
    photo = await readFile(ASTRONAUT);
  });

  it('is deterministic for a seed and varies between variants', async () => {
    const render = (seed: string) =>
      engine.render({ photoKey: 'a', photo, look: headshot, seed, longSide: 512 });
    const [a, again, other] = [await render('p:s:0'), await render('p:s:0'), await render('p:s:1')];
    expect(Buffer.compare(a.jpeg, again.jpeg)).toBe(0);
    expect(Buffer.compare(a.jpeg, other.jpeg)).not.toBe(0);
    expect([a.width, a.height]).toEqual([410, 512]);
    expect(a.params).toMatchObject({ segmenter: 'selfie', faceDetected: true });
  }, 60_000);

  it("frames per the style's aspect and puts the eyes in the upper half", async () => {
    const r = await engine.render({ photoKey: 'a', photo, look: square, seed: 'x', longSide: 600 });
    expect([r.width, r.height]).toEqual([600, 600]);
    const crop = r.params.crop as { top: number; height: number };
    // The astronaut's eyes are at y ≈ 101 in the 512 px source.
    const eyeLine = (101 - crop.top) / crop.height;
    expect(eyeLine).toBeGreaterThan(0.25);
    expect(eyeLine).toBeLessThan(0.5);
  }, 60_000);

  it('renders from a placeholder matte when no model is available', async () => {
    const bare = await StudioEngine.open({ faces: null });
    const r = await bare.render({ photoKey: 'b', photo, look: headshot, seed: 'x', longSide: 400 });
    expect(r.params).toMatchObject({ segmenter: 'none', faceDetected: false });
    const meta = await sharp(r.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 400]);
  }, 60_000);

  it('keeps as many analyses as it is told, the oldest going first', async () => {
    // Three jobs at once on one thread: each one's photo stays analysed between its renders.
    const three = await StudioEngine.open({ faces: null, analysesKept: 3 });
    const first = three.analyse('p1', photo);
    await Promise.all([first, three.analyse('p2', photo), three.analyse('p3', photo)]);
    expect(three.analyse('p1', photo)).toBe(first);
    // The default keeps two: the third photo sends the first one's analysis away.
    const two = await StudioEngine.open({ faces: null });
    const gone = two.analyse('p1', photo);
    await Promise.all([gone, two.analyse('p2', photo), two.analyse('p3', photo)]);
    expect(two.analyse('p1', photo)).not.toBe(gone);
  }, 60_000);

  it("lets a job's next photo replace its last one, and keeps another job's", async () => {
    const engine = await StudioEngine.open({ faces: null });
    const a1 = engine.analyse('a1', photo, 'job-a');
    const b1 = engine.analyse('b1', photo, 'job-b');
    await Promise.all([a1, b1]);
    // Job a renders from a1 again after b's render: a1 is the last used, b1 the oldest.
    expect(engine.analyse('a1', photo, 'job-a')).toBe(a1);
    await engine.analyse('a2', photo, 'job-a');
    // Oldest-first alone would have sent b1 away and kept a1.
    expect(engine.analyse('b1', photo, 'job-b')).toBe(b1);
    expect(engine.analyse('a1', photo, 'job-a')).not.toBe(a1);
  }, 60_000);
});

/**
 * The engine's corrections on drawn inputs: a tilted eye line is levelled (and points follow the
 * turn), red pupils inside the irises become dark while a red lip beside them stays, a skin cast
 * (blue, magenta) is brought back into skin's band with the brightness kept, and other people
 * joined to the sitter in the matte are removed up to where the two meet.
 */
import sharp from 'sharp';
import { CHIN, FOREHEAD, headRoll } from '../../src/modules/analysis/vision/face-mesh.js';
import { describe, expect, it } from 'vitest';
import {
  innerSize,
  levelPhoto,
  rollOf,
  sameFaceTurned,
} from '../../src/modules/processing/studio/level-roll.js';
import { removeRedEye } from '../../src/modules/processing/studio/red-eye.js';
import { touchedEdges } from '../../src/modules/processing/studio/refine-mask.js';
import { SKIN_BAND, skinCast } from '../../src/modules/processing/studio/compose.js';
import { dropOtherPeople, isNeighbour } from '../../src/modules/processing/studio/other-people.js';
import { neighbours4 } from '../../src/modules/processing/studio/grid-neighbours.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';
import type { Box } from '../../src/modules/processing/studio/framing.js';

describe('head roll', () => {
  it('reads the eye line angle, right eye lower positive, whichever eye comes first', () => {
    expect(rollOf({ x: 100, y: 100 }, { x: 200, y: 100 + 100 * Math.tan(Math.PI / 9) })).toBeCloseTo(20, 5);
    expect(rollOf({ x: 200, y: 80 }, { x: 100, y: 100 })).toBeCloseTo(-11.31, 1);
  });

  it("reads the head's roll from the mesh's forehead-to-chin axis, clockwise positive", () => {
    const mesh: number[][] = Array.from({ length: 468 }, () => [0, 0, 0]);
    const tilt = (deg: number) => {
      const t = (deg * Math.PI) / 180;
      // A head leaning clockwise by `deg`: the chin swings to the left of the forehead.
      mesh[FOREHEAD] = [300, 100, 0];
      mesh[CHIN] = [300 - 200 * Math.sin(t), 100 + 200 * Math.cos(t), 0];
      return headRoll(mesh);
    };
    expect(tilt(28)).toBeCloseTo(28, 5);
    expect(tilt(-12)).toBeCloseTo(-12, 5);
    expect(headRoll(undefined)).toBeNull();
  });

  it('takes a face found again on the levelled photo only at about the size it had', () => {
    const before = { width: 200, height: 220 };
    expect(sameFaceTurned(before, { width: 230, height: 240 })).toBe(true);
    expect(sameFaceTurned(before, { width: 150, height: 160 })).toBe(true);
    // The whole width of a photo read as the face, or a speck.
    expect(sameFaceTurned(before, { width: 417, height: 595 })).toBe(false);
    expect(sameFaceTurned(before, { width: 90, height: 100 })).toBe(false);
  });

  it('levels a head near the top corner, the wedges over it outside the photo', async () => {
    const w = 600;
    const h = 800;
    const rgb = Buffer.alloc(w * h * 3);
    // A texture never the padding's grey (128), so a grey pixel is padding.
    for (let i = 0; i < w * h; i++) rgb.fill(130 + ((i * 7919) % 40), i * 3, i * 3 + 3);
    // So near the top that no upright rectangle inside the turned photo holds the hair above it.
    const face = { x: 90, y: 40, width: 160, height: 180 };
    const out = (await levelPhoto(rgb, w, h, 25, face))!;
    expect(out).not.toBeNull();
    // The face, upright once turned, lies inside the cut with room for the hair above it.
    const c = out.map({ x: face.x + face.width / 2, y: face.y + face.height / 2 });
    expect(c.x - face.width / 2).toBeGreaterThanOrEqual(0);
    expect(c.x + face.width / 2).toBeLessThanOrEqual(out.width);
    expect(c.y - face.height * 0.6).toBeGreaterThanOrEqual(0);
    expect(c.y + face.height / 2).toBeLessThanOrEqual(out.height);
    // The centred inner rectangle (what a turn was cut to before) would have cut the face off.
    const inner = innerSize(w, h, 25);
    const centred = (await levelPhoto(rgb, w, h, 25))!;
    const m = centred.map({ x: face.x, y: face.y + face.height / 2 });
    expect(centred.width).toBe(inner.width);
    expect(m.x < 0 || m.y < 0).toBe(true);
    // Over the head the cut reaches into the turn's grey wedge, which `covers` marks as no photo;
    // from the face down every row is photo from side to side (no wedge cuts the body).
    const grey = (x: number, y: number) => out.rgb[(y * out.width + x) * 3]! < 130;
    const over = { x: Math.round(c.x + face.width * 0.9), y: 2 };
    expect(out.covers(over)).toBe(false);
    expect(grey(over.x, over.y)).toBe(true);
    expect(out.covers({ x: c.x, y: c.y })).toBe(true);
    let wedgeOver = 0;
    for (let x = 0; x < out.width; x++) if (!out.covers({ x, y: 0 })) wedgeOver++;
    expect(wedgeOver).toBeGreaterThan(out.width / 4);
    for (let y = Math.ceil(c.y); y < out.height; y += 7)
      for (const x of [0, out.width - 1]) {
        expect(out.covers({ x, y }), `${x},${y}`).toBe(true);
        expect(grey(x, y), `${x},${y}`).toBe(false);
      }
  });

  it("knows a person cut by a levelled photo's turned edge is cut there, not inside the photo", () => {
    // A 100 × 100 matte whose upper right is a wedge outside the photo, as a 20° turn leaves it
    // (x > 70 + 0.36 y); the person's hair runs into the wedge's edge, and nowhere reaches the
    // picture's own right column.
    const n = 100;
    const alpha = new Float32Array(n * n);
    const outside = new Uint8Array(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        if (x > 70 + 0.36 * y) outside[y * n + x] = 1;
        else if (x >= 30 && y >= 10 && y < 40) alpha[y * n + x] = 1;
      }
    expect(touchedEdges(alpha, n, n).right).toBe(false);
    expect(touchedEdges(alpha, n, n, outside)).toEqual({ left: false, right: true, top: false });
  });

  it('turns the photo so the eye line is level, cut to an upright rectangle without wedges', async () => {
    // Two dark "eyes" on a textured grey photo, the right one 30 % of their distance lower.
    const w = 600;
    const h = 800;
    const rgb = Buffer.alloc(w * h * 3);
    for (let i = 0; i < w * h; i++) rgb.fill(120 + ((i * 7919) % 40), i * 3, i * 3 + 3);
    const left = { x: 220, y: 380 };
    const right = { x: 380, y: 428 };
    for (const e of [left, right])
      for (let y = -8; y <= 8; y++)
        for (let x = -8; x <= 8; x++)
          rgb.fill(10, ((e.y + y) * w + e.x + x) * 3, ((e.y + y) * w + e.x + x) * 3 + 3);
    const roll = rollOf(left, right);
    const out = (await levelPhoto(rgb, w, h, roll))!;
    const a = out.map(left);
    const b = out.map(right);
    expect(Math.abs(a.y - b.y)).toBeLessThan(0.5);
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(Math.hypot(160, 48), 3);
    // The mapped points are where the dark eyes now are.
    for (const p of [a, b]) {
      const o = (Math.round(p.y) * out.width + Math.round(p.x)) * 3;
      expect(out.rgb[o]!).toBeLessThan(40);
    }
    expect(out.width).toBe(innerSize(w, h, roll).width);
    // No grey padding wedge in the corners: every corner pixel is the photo's texture.
    const corners = [0, out.width - 1, (out.height - 1) * out.width, out.height * out.width - 1];
    for (const c of corners) expect(out.rgb[c * 3]!).toBeGreaterThanOrEqual(110);
    const meta = await sharp(out.rgb, {
      raw: { width: out.width, height: out.height, channels: 3 },
    }).metadata();
    expect(meta.width).toBe(out.width);
  });
});

describe('red-eye', () => {
  it('darkens a red pupil inside the iris and leaves a red lip and a brown iris alone', () => {
    const w = 120;
    const h = 80;
    const rgb = Buffer.alloc(w * h * 3, 200);
    const put = (cx: number, cy: number, r: number, c: [number, number, number]) => {
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) rgb.set(c, (y * w + x) * 3);
    };
    put(30, 30, 6, [200, 35, 40]); // red-eye
    put(90, 30, 6, [120, 62, 36]); // a brown iris
    put(60, 65, 8, [210, 40, 60]); // the lips, outside any iris
    const before = Buffer.from(rgb);
    const irises = [
      { x: 30, y: 30, radius: 7 },
      { x: 90, y: 30, radius: 7 },
    ];
    const { rgb: fixed, changed } = removeRedEye(rgb, w, h, irises);
    expect(changed).toBeGreaterThan(80);
    const at = (x: number, y: number) => [...fixed.subarray((y * w + x) * 3, (y * w + x) * 3 + 3)];
    expect(at(30, 30)[0]!).toBeLessThan(60);
    expect(at(90, 30)).toEqual([120, 62, 36]);
    expect(at(60, 65)).toEqual([210, 40, 60]);
    // The photo passed in is left as it was: the analysis deblocked it before the eyes were known.
    expect(rgb.equals(before)).toBe(true);
    // With no red-eye, the same bytes come back, uncopied.
    const clean = removeRedEye(fixed, w, h, irises);
    expect(clean.changed).toBe(0);
    expect(clean.rgb).toBe(fixed);
  });
});

describe('skin colour cast', () => {
  const luma = (c: { r: number; g: number; b: number }) => 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  for (const [name, face] of [
    ['blue daylight', { r: 0.55, g: 0.5, b: 0.56 }],
    ['magenta tube', { r: 0.62, g: 0.38, b: 0.45 }],
  ] as const) {
    it(`brings a face under ${name} into skin's band, brightness kept`, () => {
      const k = skinCast(face);
      const after = { r: face.r * k.r, g: face.g * k.g, b: face.b * k.b };
      expect(after.g / after.r).toBeGreaterThanOrEqual(SKIN_BAND.g[0] - 1e-6);
      expect(after.g / after.r).toBeLessThanOrEqual(SKIN_BAND.g[1] + 1e-6);
      expect(after.b / after.r).toBeLessThanOrEqual(SKIN_BAND.b[1] + 1e-6);
      expect(luma(after)).toBeCloseTo(luma(face), 6);
    });
  }

  it('leaves skin already in the band as it is', () => {
    expect(skinCast({ r: 0.8, g: 0.62, b: 0.52 })).toEqual({ r: 1, g: 1, b: 1 });
  });
});

describe('other people in the matte', () => {
  // Two people side by side whose shoulders touch: heads at x = 100 and x = 260.
  const w = 360;
  const h = 300;
  const alpha = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const head = (cx: number) => ((x - cx) / 40) ** 2 + ((y - 90) / 55) ** 2 < 1;
      const body = y > 140;
      alpha[y * w + x] = head(100) || head(260) || body ? 1 : 0;
    }
  const main = { x: 70, y: 50, width: 60, height: 75 };
  const other = { x: 230, y: 50, width: 60, height: 75 };

  it('keeps the sitter and drops the neighbour up to where they meet', () => {
    const a = alpha.slice();
    expect(dropOtherPeople(a, w, h, main, [other])).toBeGreaterThan(0);
    expect(a[90 * w + 100]).toBe(1); // sitter's face
    expect(a[250 * w + 100]).toBe(1); // sitter's body
    expect(a[90 * w + 260]).toBe(0); // neighbour's face
    expect(a[250 * w + 300]).toBe(0); // neighbour's body
    // The split runs midway between them.
    expect(a[250 * w + 170]).toBe(1);
    expect(a[250 * w + 190]).toBe(0);
  });

  it('gives a body part below the chins to the face above it, though it touches only the sitter', () => {
    // The neighbour's body is off the matte but her knee (x 220–250) rests against the sitter's.
    const a = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const head = (cx: number) => ((x - cx) / 40) ** 2 + ((y - 90) / 55) ** 2 < 1;
        const sitter = y > 140 && x < 170;
        const knee = y > 220 && y < 260 && x >= 170 && x < 250;
        a[y * w + x] = head(100) || head(260) || sitter || knee ? 1 : 0;
      }
    dropOtherPeople(a, w, h, main, [other]);
    expect(a[240 * w + 120]).toBe(1);
    expect(a[240 * w + 235]).toBe(0);
  });

  it('splits a ragged matte between three people as the walk over neighbours4 does', () => {
    // The walk as it was first written, with neighbours4's array per pixel: the inline walk must
    // split the matte exactly as it did, never stepping across the frame's edges.
    const reference = (a: Float32Array, faces: Box[]) => {
      const owner = new Int32Array(w * h);
      const queue: number[] = [];
      faces.forEach((f, k) => {
        for (let y = Math.round(f.y + f.height * 0.3); y <= Math.round(f.y + f.height * 0.7); y++)
          for (let x = Math.round(f.x + f.width * 0.3); x <= Math.round(f.x + f.width * 0.7); x++) {
            const i = y * w + x;
            if (owner[i] || a[i]! < 0.5) continue;
            owner[i] = k + 1;
            queue.push(i);
          }
      });
      for (let head = 0; head < queue.length; head++) {
        const i = queue[head]!;
        for (const j of neighbours4(i, w, h)) {
          if (j < 0 || owner[j] || a[j]! <= 0.02) continue;
          owner[j] = owner[i]!;
          queue.push(j);
        }
      }
      return owner;
    };
    const random = seededRandom('other-people');
    const ragged = new Float32Array(w * h);
    for (let i = 0; i < ragged.length; i++) ragged[i] = random.next() < 0.62 ? 0.3 + 0.7 * random.next() : 0;
    const third = { x: 150, y: 20, width: 50, height: 60 };
    const faces = [main, other, third];
    const owner = reference(ragged, faces);
    const a = ragged.slice();
    dropOtherPeople(a, w, h, main, [other, third]);
    let theirs = 0;
    const wrong: number[] = [];
    // Above the chin only the walk decides (below it, the faces' axes do).
    for (let i = 0; i < (main.y + main.height) * w; i++) {
      if (owner[i]! > 1) theirs++;
      if (a[i] !== (owner[i]! > 1 ? 0 : ragged[i])) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    expect(theirs).toBeGreaterThan(1000);
  });

  it('takes a face printed on the sitter’s shirt for no one', () => {
    expect(isNeighbour(main, { x: 80, y: 200, width: 40, height: 50 })).toBe(false);
    expect(isNeighbour(main, other)).toBe(true);
    const a = alpha.slice();
    expect(dropOtherPeople(a, w, h, main, [{ x: 80, y: 200, width: 40, height: 50 }])).toBe(0);
  });
});

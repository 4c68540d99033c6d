/**
 * The framing's guarantees over many drawn photos: the whole head inside with headroom, the eyes
 * where the style puts them (never at an edge), no enlargement past MAX_ENLARGEMENT where the
 * photo is big enough, and a face box the matte does not bear out is not framed.
 */
import { describe, expect, it } from 'vitest';
import { plausibleFace } from '../../src/modules/processing/studio/face-check.js';
import {
  checkFrame,
  frameCrop,
  heightLimits,
  LAYOUT,
  MAX_ENLARGEMENT,
  MOST_HEADROOM,
  PLACEMENT,
  eyesDown,
  type Framing,
} from '../../src/modules/processing/studio/framing.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';
import { placeholderMask, type PhotoAnalysis } from '../../src/modules/processing/studio/analyse-photo.js';
import { renderPortrait } from '../../src/modules/processing/studio/render-portrait.js';

const OUT_HEIGHT = 2048;

/** A person standing in a photo: face, eyes, hair above the face, which edges the body meets. */
function drawPhoto(random: ReturnType<typeof seededRandom>) {
  const width = random.range(500, 3000);
  const height = random.range(500, 3000);
  const fw = random.range(0.12, 0.45) * Math.min(width, height);
  const face = {
    x: random.range(0, width - fw),
    y: random.range(0.05, 0.45) * height,
    width: fw,
    height: fw * 1.2,
  };
  const eyes = { x: face.x + fw / 2, y: face.y + face.height * 0.4 };
  const hairTop = Math.max(0, face.y - random.range(0, 0.5) * face.height);
  const touches = {
    left: face.x < fw * 1.5,
    right: face.x + fw > width - fw * 1.5,
    top: hairTop <= 1,
  };
  return { source: { width, height }, face, eyes, hairTop, touches };
}

describe('framing guarantees', () => {
  for (const framing of ['headshot', 'half_body'] as Framing[]) {
    it(`${framing}: head with headroom, eyes placed by rule, enlargement capped, over 400 drawn photos`, () => {
      const random = seededRandom(`guarantees:${framing}`);
      let capped = 0;
      let overCap = 0;
      for (let i = 0; i < 400; i++) {
        const p = drawPhoto(random);
        const input = {
          ...p,
          framing,
          aspect: '4:5',
          zoom: random.range(0.8, 1.02),
          shift: random.range(-0.06, 0.06),
          minHeight: OUT_HEIGHT / MAX_ENLARGEMENT,
        };
        const crop = frameCrop(input);
        const c = checkFrame(crop, p.face, p.eyes, p.hairTop);
        const [downMin, downMax] = eyesDown(framing);
        const where = JSON.stringify({ p, crop, c });
        // The hair inside with headroom, unless the photo's own top edge cuts it.
        if (!p.touches.top)
          expect(c.headroom, where).toBeGreaterThanOrEqual(LAYOUT[framing].headroom - 0.002);
        expect(c.chin, where).toBeLessThan(1);
        // Nor a band of empty backdrop over the head, unless the eyes would rise past the band.
        if (c.eyesDown > downMin + 0.005)
          expect(c.headroom, where).toBeLessThanOrEqual(MOST_HEADROOM + 0.002);
        expect(c.eyesDown, where).toBeGreaterThanOrEqual(downMin - 0.002);
        // Lower only when tall hair holds the frame up (its headroom at the least).
        if (c.headroom > LAYOUT[framing].headroom + 0.01)
          expect(c.eyesDown, where).toBeLessThanOrEqual(downMax + 0.002);
        expect(c.eyesAcross, where).toBeGreaterThanOrEqual(PLACEMENT.across[0] - 0.002);
        expect(c.eyesAcross, where).toBeLessThanOrEqual(PLACEMENT.across[1] + 0.002);
        // The frame never ends below the photo's bottom (the body continues there).
        expect(crop.top + crop.height, where).toBeLessThanOrEqual(p.source.height + 1);
        // Never enlarged past sharp, unless the frame is already as tall as the photo's edges allow.
        const k = OUT_HEIGHT / crop.height;
        const atEdge = crop.height >= heightLimits(input).most - 1;
        if (!atEdge) expect(k, where).toBeLessThanOrEqual(MAX_ENLARGEMENT + 0.01);
        if (k > MAX_ENLARGEMENT + 0.01) overCap++;
        if (crop.height > p.face.height / LAYOUT[framing].face + 1) capped++;
      }
      // The cap did bite: small faces were framed wider than the style's share.
      expect(capped).toBeGreaterThan(20);
      // And photos too small for it are few among these sizes.
      expect(overCap).toBeLessThan(120);
    });
  }

  it('a face by the photo edge the body is cut by stays off that edge (was at the very edge)', () => {
    const face = { x: 10, y: 300, width: 200, height: 240 };
    const eyes = { x: 110, y: 396 };
    const crop = frameCrop({
      source: { width: 1200, height: 1600 },
      face,
      eyes,
      touches: { left: true, right: false, top: false },
      hairTop: 250,
      framing: 'half_body',
      aspect: '4:5',
      zoom: 1,
      shift: 0,
    });
    const c = checkFrame(crop, face, eyes, 250);
    expect(c.eyesAcross).toBeGreaterThanOrEqual(PLACEMENT.across[0] - 0.002);
  });

  it('a small face is framed wider rather than enlarged past MAX_ENLARGEMENT', () => {
    const face = { x: 900, y: 600, width: 150, height: 180 };
    const crop = frameCrop({
      source: { width: 2000, height: 2400 },
      face,
      eyes: { x: 975, y: 672 },
      touches: { left: false, right: false, top: false },
      hairTop: 560,
      framing: 'headshot',
      aspect: '4:5',
      zoom: 1,
      shift: 0,
      minHeight: OUT_HEIGHT / MAX_ENLARGEMENT,
    });
    // By the face share alone: 180 / 0.42 = 429 px high, enlarged 4.8×.
    expect(OUT_HEIGHT / crop.height).toBeLessThanOrEqual(MAX_ENLARGEMENT + 0.01);
  });
});

describe('framing whatever the render size', () => {
  it('frames a test shoot or preview as the delivered portrait, enlargement floor included', async () => {
    // A big grey photo with a small face: the floor (2048 / 2.5 px high) sets the frame.
    const width = 1600;
    const height = 2000;
    const face = { x: 740, y: 500, width: 120, height: 150 };
    const a: PhotoAnalysis = {
      rgb: Buffer.alloc(width * height * 3, 128),
      width,
      height,
      face,
      eyes: { x: 800, y: 563 },
      alpha: placeholderMask(400, 500, { x: 185, y: 125, width: 30, height: 37.5 }),
      alphaWidth: 400,
      alphaHeight: 500,
      segmenter: 'none',
      hairTop: 470,
      padding: 0,
      touches: { left: false, right: false, top: false },
      corrections: { levelled: 0, redEyePixels: 0 },
      enlarged: null,
    };
    const look = { framing: 'headshot' as const, aspect: '4:5', backdrop: null, grading: {} };
    const crops = [];
    for (const longSide of [384, 1024])
      crops.push((await renderPortrait(a, { look, seed: 's', longSide, lightSide: 1 })).params.crop);
    expect(crops[0]).toEqual(crops[1]);
    // The frame is the floor of a 2048 px portrait, not of the smaller render.
    expect((crops[0] as { height: number }).height).toBeCloseTo(OUT_HEIGHT / MAX_ENLARGEMENT, -1);
  });
});

describe('face box sanity', () => {
  // A 400 × 500 matte: a head (ellipse) on shoulders.
  const aw = 400;
  const ah = 500;
  const alpha = new Float32Array(aw * ah);
  for (let y = 0; y < ah; y++)
    for (let x = 0; x < aw; x++) {
      const head = ((x - 200) / 90) ** 2 + ((y - 170) / 120) ** 2 < 1;
      const body = y > 270 && Math.abs(x - 200) < 60 + (y - 270);
      alpha[y * aw + x] = head || body ? 1 : 0;
    }

  it('believes the face on the head', () => {
    expect(plausibleFace({ x: 140, y: 110, width: 120, height: 140 }, alpha, aw, ah, 1)).toBe(true);
  });

  it('refuses a tiny box on the scalp (framed by rule, a many-times close-up of hair)', () => {
    expect(plausibleFace({ x: 190, y: 70, width: 12, height: 14 }, alpha, aw, ah, 1)).toBe(false);
  });

  it('refuses a box on the backdrop, and one far from face-shaped', () => {
    expect(plausibleFace({ x: 10, y: 10, width: 60, height: 70 }, alpha, aw, ah, 1)).toBe(false);
    expect(plausibleFace({ x: 120, y: 150, width: 160, height: 40 }, alpha, aw, ah, 1)).toBe(false);
  });

  it('reads the box in source pixels at the matte scale', () => {
    expect(plausibleFace({ x: 280, y: 220, width: 240, height: 280 }, alpha, aw, ah, 0.5)).toBe(true);
  });
});

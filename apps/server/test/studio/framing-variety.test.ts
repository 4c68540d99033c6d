/**
 * Framing by rule and variety, on numbers: the face's size and eye line are the style's whatever
 * the photo, the whole head stays inside with headroom, and the variants of a style take turns
 * through the best accepted photos, best first.
 */
import { describe, expect, it } from 'vitest';
import {
  BEST_PHOTOS,
  photoForVariant,
  rankPhotos,
} from '../../src/modules/processing/studio/choose-photos.js';
import { frameCrop, LAYOUT, type Box, type Framing } from '../../src/modules/processing/studio/framing.js';
import type { SubjectPhoto } from '../../src/modules/processing/providers/types.js';

/** A photo of `width` × `height` with the face box `face`, its eyes at 40 % of the face's height. */
function framed(framing: Framing, width: number, height: number, face: Box, hairTop: number | null = null) {
  const eyes = { x: face.x + face.width / 2, y: face.y + face.height * 0.4 };
  const crop = frameCrop({
    source: { width, height },
    face,
    eyes,
    touches: { left: false, right: false, top: false },
    hairTop,
    framing,
    aspect: '4:5',
    zoom: 1,
    shift: 0,
  });
  return {
    faceShare: face.height / crop.height,
    eyeLine: (eyes.y - crop.top) / crop.height,
    headroom: hairTop === null ? null : (hairTop - crop.top) / crop.height,
  };
}

describe('framing by rule', () => {
  // Two team members: a small face far off in a big photo, a big face in a small one.
  const members = [
    { width: 3000, height: 4000, face: { x: 700, y: 1300, width: 400, height: 520 } },
    { width: 1024, height: 1280, face: { x: 420, y: 300, width: 180, height: 230 } },
  ];

  for (const framing of ['headshot', 'half_body'] as const) {
    it(`${framing}: the same face size and eye line for every member, at the style's proportions`, () => {
      for (const m of members) {
        const f = framed(framing, m.width, m.height, m.face);
        expect(f.faceShare).toBeCloseTo(LAYOUT[framing].face, 2);
        expect(f.eyeLine).toBeCloseTo(LAYOUT[framing].eyeLine, 2);
      }
    });
  }

  it('keeps the whole hair inside with the headroom, raising the frame for tall hair', () => {
    const m = members[1]!;
    // Hair far above the face box: by the eye line alone the frame would cut it.
    const tall = framed('headshot', m.width, m.height, m.face, m.face.y - 200);
    expect(tall.headroom!).toBeGreaterThanOrEqual(LAYOUT.headshot.headroom - 0.005);
    expect(tall.eyeLine).toBeGreaterThan(LAYOUT.headshot.eyeLine);
    // Ordinary hair: the eye line rules and the headroom is more than the least.
    const usual = framed('headshot', m.width, m.height, m.face, m.face.y - 40);
    expect(usual.eyeLine).toBeCloseTo(LAYOUT.headshot.eyeLine, 2);
    expect(usual.headroom!).toBeGreaterThan(LAYOUT.headshot.headroom);
  });
});

const photo = (id: string, sharpness: number, yaw: number, faceHeight: number): SubjectPhoto => ({
  id,
  data: Buffer.alloc(0),
  width: 1000,
  height: 1000,
  faceBox: { x: 400, y: 300, width: faceHeight * 0.8, height: faceHeight },
  sharpness,
  yaw,
});

describe('variety', () => {
  it('ranks sharp, frontal, well-sized faces first (a near profile last); ties keep the upload order', () => {
    const ranked = rankPhotos([
      photo('blurry', 5, 0, 300),
      photo('turned', 40, 28, 300),
      photo('best', 40, 0, 300),
      photo('tiny-face', 40, 0, 80),
      photo('best-too', 40, 0, 300),
    ]);
    expect(ranked.map((p) => p.id)).toEqual(['best', 'best-too', 'tiny-face', 'blurry', 'turned']);
  });

  it("gives a style's variants different photos, best first, through the best few", () => {
    const ranked = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id, i) => photo(id, 40 - i, 0, 300));
    const used = [0, 1, 2, 3, 4, 5].map((v) => photoForVariant(ranked, v).id);
    expect(BEST_PHOTOS).toBe(4);
    expect(used).toEqual(['p1', 'p2', 'p3', 'p4', 'p1', 'p2']);
    // One accepted photo: every variant uses it (and varies in crop and light instead).
    expect(photoForVariant([ranked[0]!], 3).id).toBe('p1');
  });
});

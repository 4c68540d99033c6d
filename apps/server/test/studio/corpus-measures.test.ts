/**
 * The corpus report's measures on made-up mattes and colours, so each is known to find what it
 * claims to (and the baseline rules to catch a figure moving the wrong way).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PhotoAnalysis } from '../../src/modules/processing/studio/analyse-photo.js';
import {
  failures,
  tallestFrame,
  type CorpusReport,
  type PortraitFigures,
  type UploadFigures,
} from './corpus-report.js';
import { regressions } from './corpus-summary.js';
import {
  keptInBox,
  loosePieces,
  skinCast,
  subjectCover,
  thumbDifference,
  thumbnail,
} from './quality-measures.js';

/** A 100 × 100 photo whose matte (same size) is solid where `solid(x, y)`. */
function analysis(solid: (x: number, y: number) => boolean): PhotoAnalysis {
  const alpha = new Float32Array(100 * 100);
  for (let y = 0; y < 100; y++) for (let x = 0; x < 100; x++) alpha[y * 100 + x] = solid(x, y) ? 1 : 0;
  return {
    rgb: Buffer.alloc(100 * 100 * 3),
    width: 100,
    height: 100,
    face: { x: 40, y: 20, width: 20, height: 20 },
    eyes: { x: 50, y: 28 },
    alpha,
    alphaWidth: 100,
    alphaHeight: 100,
    segmenter: 'selfie',
    hairTop: 15,
    padding: 0,
    touches: { left: false, right: false, top: false },
    enlarged: null,
    corrections: { levelled: 0, redEyePixels: 0 },
  };
}

const person = (x: number, y: number) => x >= 35 && x < 65 && y >= 15;
const frame = { left: 0, top: 0, width: 100, height: 100 };
const face = { x: 40, y: 20, width: 20, height: 20 };

const solidJpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 60, height: 60, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 95 })
    .toBuffer();

describe('corpus measures', () => {
  it('counts matte pieces not joined to the person, inside the frame only', () => {
    expect(loosePieces(analysis(person), frame, face)).toEqual({ count: 0, share: 0 });
    const blob = analysis((x, y) => person(x, y) || (x >= 5 && x < 15 && y >= 5 && y < 15));
    expect(loosePieces(blob, frame, face)).toEqual({ count: 1, share: 0.01 });
    // The frame leaves the blob out.
    expect(loosePieces(blob, { left: 20, top: 0, width: 80, height: 100 }, face).count).toBe(0);
    // Joined to the shoulder by a bridge: part of the person.
    const joined = analysis((x, y) => person(x, y) || (x >= 5 && x < 35 && y >= 60 && y < 62));
    expect(loosePieces(joined, frame, face).count).toBe(0);
  });

  it('measures the share of the frame the person covers and where their centre is', () => {
    const half = subjectCover(
      analysis((x) => x < 50),
      frame,
    );
    expect(half.share).toBeCloseTo(0.5, 3);
    expect(half.centreX).toBeCloseTo(0.25, 2);
    // A frame reaching past the photo counts that part as backdrop.
    expect(
      subjectCover(
        analysis(() => true),
        { left: -100, top: 0, width: 200, height: 100 },
      ).share,
    ).toBeCloseTo(0.5, 3);
  });

  it("tells how much of another person's face the matte keeps", () => {
    const a = analysis((x, y) => person(x, y) || x >= 80);
    expect(keptInBox(a, { x: 85, y: 30, width: 10, height: 10 }, frame)).toBe(1);
    expect(keptInBox(a, { x: 5, y: 30, width: 10, height: 10 }, frame)).toBe(0);
    // Barely in the frame: nothing to judge.
    expect(keptInBox(a, { x: 98, y: 30, width: 10, height: 10 }, frame)).toBeNull();
  });

  it('finds a blue or magenta cast on skin, not on skin under neutral light', async () => {
    const box = { x: 0, y: 0, width: 60, height: 60 };
    for (const [r, g, b] of [
      [224, 172, 150],
      [141, 85, 36],
      [255, 219, 172],
    ] as const)
      expect((await skinCast(await solidJpeg(r, g, b), box))!.cast, `${r},${g},${b}`).toBe(0);
    expect((await skinCast(await solidJpeg(200, 160, 200), box))!.cast).toBeGreaterThan(10);
    expect((await skinCast(await solidJpeg(180, 170, 190), box))!.cast).toBeGreaterThan(10);
    expect(await skinCast(await solidJpeg(150, 150, 150), box)).toBeNull();
  });

  it('compares two portraits from 0 (same) to 1', async () => {
    const [black, white] = [
      await thumbnail(await solidJpeg(0, 0, 0)),
      await thumbnail(await solidJpeg(255, 255, 255)),
    ];
    expect(thumbDifference(black, black)).toBe(0);
    expect(thumbDifference(black, white)).toBeCloseTo(1, 2);
  });

  it('bounds the frame a photo allows by its bottom, the most headroom and, cut both sides, its width', () => {
    const a = analysis(person);
    // From the bottom (100) to 0.18 of the frame over the hair (15): 85 / 0.82.
    expect(tallestFrame(a, face, '4:5')).toBeCloseTo(85 / 0.82, 5);
    // Hair at the photo's top: the whole photo's height.
    expect(tallestFrame({ ...a, hairTop: 0 }, face, '4:5')).toBe(100);
    // A person cut by both sides of a narrow photo: no wider than the photo, in the style's aspect.
    const narrow = { ...a, width: 60, touches: { left: true, right: true, top: false } };
    expect(tallestFrame(narrow, face, '4:5')).toBeCloseTo(75, 5);
    expect(
      tallestFrame({ ...narrow, touches: { left: true, right: false, top: false } }, face, '4:5'),
    ).toBeCloseTo(85 / 0.82, 5);
  });

  it('names the guarantees a portrait breaks', () => {
    const onRule: Omit<PortraitFigures, 'fails'> = {
      photo: 'x',
      style: 'corporate-grey-studio',
      framing: 'headshot',
      accepted: true,
      smallNoted: false,
      faceFound: true,
      faceInside: true,
      headroom: 0.08,
      eyeLine: 0.4,
      eyeX: 0.5,
      faceSize: 1,
      subjectShare: 0.5,
      subjectX: 0.5,
      enlargement: 1.5,
      looseCount: 0,
      looseShare: 0,
      neighbourKept: null,
      skinCast: 0,
      skinHue: 55,
      roll: 2,
      faceAgreement: 0.9,
    };
    expect(failures(onRule)).toEqual([]);
    expect(failures({ ...onRule, headroom: -0.02 })).toEqual(['head']);
    expect(failures({ ...onRule, subjectX: 0.85 })).toEqual(['placement']);
    expect(failures({ ...onRule, framing: 'half_body', eyeLine: 0.3, subjectShare: 0.2 })).toEqual(['size']);
    expect(failures({ ...onRule, enlargement: 4 })).toEqual(['enlargement']);
    // A photo the customer was told at upload is small for close-ups may be enlarged further.
    expect(failures({ ...onRule, enlargement: 4, smallNoted: true })).toEqual([]);
    expect(failures({ ...onRule, neighbourKept: 0.6 })).toEqual(['only-subject']);
    expect(failures({ ...onRule, skinCast: 25 })).toEqual(['colour']);
    expect(failures({ ...onRule, roll: -28 })).toEqual(['roll']);
  });

  it('reports what got worse against the baseline, only where both have it', () => {
    const portrait = (photo: string, fails: string[]) =>
      ({ photo, style: 'corporate-grey-studio', fails }) as PortraitFigures;
    const upload = (id: string, neighbourFlagged: boolean) => ({ id, neighbourFlagged }) as UploadFigures;
    const base: CorpusReport = {
      longSide: 768,
      uploads: [upload('a', true), upload('b', false)],
      portraits: [portrait('a', ['head']), portrait('b', [])],
      variety: [{ person: 'p', photos: 2, meanDiff: 0.1, minDiff: 0.05, sizeSpread: 0, eyeXSpread: 0 }],
      team: [{ photo: 'a', diff: 0.05 }],
      seconds: {},
    };
    expect(regressions(base, base)).toEqual([]);
    // Better, or only in one of them: fine.
    const better = { ...base, portraits: [portrait('a', []), portrait('b', []), portrait('c', ['roll'])] };
    expect(regressions(better, base)).toEqual([]);
    expect(
      regressions({ ...base, portraits: [portrait('a', ['head']), portrait('b', ['roll'])] }, base),
    ).toEqual(['b / corporate-grey-studio: now breaks roll']);
    expect(regressions({ ...base, uploads: [upload('a', false), upload('b', false)] }, base)).toHaveLength(1);
    const sameLook = {
      ...base,
      variety: [{ ...base.variety[0]!, meanDiff: 0.09 }],
      team: [{ photo: 'a', diff: 0.01 }],
    };
    expect(regressions(sameLook, base)).toHaveLength(2);
    expect(regressions({ ...base, variety: [{ ...base.variety[0]!, meanDiff: 0.0995 }] }, base)).toEqual([]);
  });
});

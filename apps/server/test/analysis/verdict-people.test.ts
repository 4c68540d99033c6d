/**
 * The verdict on numbers: another person partly in frame is refused with words (a smaller face
 * beside the main one, one the photo's edge cuts, or a body at a side with its face outside the
 * photo), so are eyes shut or cast down and a tilt the engine cannot level, and a photo too small
 * for sharp close-ups is accepted with a note that says so.
 */
import { describe, expect, it } from 'vitest';
import { defaultUploadCheckSettings } from '../../src/modules/analysis/check-settings.js';
import type { MainFace, PhotoAnalysis } from '../../src/modules/analysis/photo-analysis.js';
import type { PersonBox } from '../../src/modules/analysis/vision/people.js';
import {
  CLOSE_UP_MIN_FACE_PX,
  judge,
  notesOn as notesWith,
  tallestFrame as tallestWith,
} from '../../src/modules/analysis/verdict.js';
import { studioFrameRules } from '../../src/modules/processing/studio-frame-rules.js';

const notesOn = (a: PhotoAnalysis) => notesWith(a, studioFrameRules);
const tallestFrame = (a: PhotoAnalysis) => tallestWith(a, studioFrameRules);

const exposure = { mean: 120, std: 40, clippedShadows: 0, clippedHighlights: 0 };

function photo(height: number, faces: PhotoAnalysis['faces'], pose: Partial<MainFace> = {}): PhotoAnalysis {
  const main = faces[0]!;
  return {
    width: Math.round(height * 0.8),
    height,
    faces,
    face: {
      box: main.box,
      heightFrac: main.box.height,
      yaw: 0,
      pitch: 0,
      roll: 0,
      headRoll: 0,
      eyesOpen: 0.35,
      sharpness: 40,
      exposure,
      embedding: [],
      ...pose,
    },
    exposure,
    dhash: '0'.repeat(16),
    phash: 'f'.repeat(16),
  };
}

const main = { box: { x: 0.35, y: 0.2, width: 0.3, height: 0.3 }, score: 0.95 };
const codes = (a: PhotoAnalysis) =>
  judge(a, defaultUploadCheckSettings(), [], studioFrameRules).map((r) => r.code);

describe('another person in frame', () => {
  it('accepts one person', () => {
    expect(codes(photo(1200, [main]))).toEqual([]);
  });

  it('refuses a neighbour’s face a third the size of the main one (passed at half before)', () => {
    const a = photo(1200, [main, { box: { x: 0.75, y: 0.3, width: 0.1, height: 0.11 }, score: 0.9 }]);
    expect(codes(a)).toEqual(['multiple_faces']);
    expect(judge(a, defaultUploadCheckSettings(), [], studioFrameRules)[0]!.message).toMatch(/someone else/i);
  });

  it('refuses a face the photo’s edge cuts, even smaller', () => {
    const cut = { box: { x: 0, y: 0.25, width: 0.07, height: 0.2 }, score: 0.8 };
    expect(codes(photo(1200, [main, cut]))).toEqual(['multiple_faces']);
  });

  it('lets a small face far behind pass', () => {
    const far = { box: { x: 0.7, y: 0.3, width: 0.05, height: 0.06 }, score: 0.8 };
    expect(codes(photo(1200, [main, far]))).toEqual([]);
  });
});

describe('another person by their body, their face outside the photo', () => {
  // The sitter's own box holds the face; a neighbour's shoulder at the right side does not.
  const sitter = { box: { x: 0.15, y: 0.08, width: 0.8, height: 0.9 }, score: 0.66 };
  const shoulder = { box: { x: 0.83, y: 0.01, width: 0.16, height: 0.98 }, score: 0.42 };
  const bodies = (a: PhotoAnalysis, people: PersonBox[], t = defaultUploadCheckSettings()) =>
    judge(a, t, [], studioFrameRules, people).map((r) => r.code);

  it('refuses a body at a side of the photo that does not hold the sitter’s face', () => {
    expect(bodies(photo(1200, [main]), [sitter, shoulder])).toEqual(['multiple_faces']);
    const left = { ...shoulder, box: { ...shoulder.box, x: 0 } };
    expect(bodies(photo(1200, [main]), [sitter, left])).toEqual(['multiple_faces']);
  });

  it('keeps the sitter’s own box, a body short of the sides, a narrow one and an unsure one', () => {
    expect(bodies(photo(1200, [main]), [sitter])).toEqual([]);
    const inside = { ...shoulder, box: { ...shoulder.box, x: 0.7 } };
    expect(bodies(photo(1200, [main]), [inside])).toEqual([]);
    const narrow = { ...shoulder, box: { ...shoulder.box, x: 0.93, width: 0.07 } };
    expect(bodies(photo(1200, [main]), [narrow])).toEqual([]);
    expect(bodies(photo(1200, [main]), [{ ...shoulder, score: 0.19 }])).toEqual([]);
  });

  it('follows the setting, and leaves a blurred photo to its blur', () => {
    const strict = { ...defaultUploadCheckSettings(), otherPersonMinScore: 0.5 };
    expect(bodies(photo(1200, [main]), [shoulder], strict)).toEqual([]);
    expect(bodies(photo(1200, [main], { sharpness: 2 }), [shoulder])).toEqual(['blurry']);
  });
});

describe('eyes and tilt', () => {
  it('refuses eyes shut or cast down, and only on a sharp face', () => {
    expect(codes(photo(1200, [main], { eyesOpen: 0.09 }))).toEqual(['eyes_closed']);
    expect(
      judge(photo(1200, [main], { eyesOpen: 0.09 }), defaultUploadCheckSettings(), [], studioFrameRules)[0]!
        .message,
    ).toMatch(/eyes open/);
    expect(codes(photo(1200, [main], { eyesOpen: 0.2 }))).toEqual([]);
    expect(codes(photo(1200, [main], { eyesOpen: null }))).toEqual([]);
    expect(codes(photo(1200, [main], { eyesOpen: 0.05, sharpness: 2 }))).toEqual(['blurry']);
  });

  it('keeps a slight tilt, levels a larger one, refuses one past the setting or past levelling', () => {
    expect(codes(photo(1200, [main], { headRoll: 7 }))).toEqual([]);
    expect(codes(photo(1200, [main], { headRoll: -18 }))).toEqual([]);
    expect(codes(photo(1200, [main], { headRoll: -28 }))).toEqual(['head_tilted']);
    expect(
      judge(photo(1200, [main], { headRoll: -28 }), defaultUploadCheckSettings(), [], studioFrameRules)[0]!
        .message,
    ).toMatch(/upright/);
    // An operator may allow more, up to what the engine levels.
    const lenient = { ...defaultUploadCheckSettings(), maxRollDegrees: 45 };
    const with45 = (headRoll: number) =>
      judge(photo(1200, [main], { headRoll }), lenient, [], studioFrameRules).map((r) => r.code);
    expect(with45(-28)).toEqual([]);
    expect(with45(40)).toEqual(['head_tilted']);
  });

  it('refuses a tilt a tight crop leaves no room to level, not a slight one', () => {
    // A 402 × 698 crop whose face fills most of its width, close to its left side.
    const close = { box: { x: 0.04, y: 0.22, width: 0.62, height: 0.37 }, score: 0.95 };
    const crop = (headRoll: number) => ({ ...photo(698, [close], { headRoll }), width: 402 });
    expect(codes(crop(-16))).toEqual(['head_tilted']);
    expect(codes(crop(-7))).toEqual([]);
    // The same face in a photo with room around it is levelled.
    const roomy = { box: { x: 0.35, y: 0.3, width: 0.3, height: 0.2 }, score: 0.95 };
    expect(codes(photo(1600, [roomy], { headRoll: -16 }))).toEqual([]);
  });
});

describe('small for close-ups', () => {
  it('notes a face under the close-up size, and not a larger one', () => {
    const small = photo(800, [main]); // 240 px face
    expect(0.3 * 800).toBeLessThan(CLOSE_UP_MIN_FACE_PX);
    expect(codes(small)).toEqual([]);
    expect(notesOn(small).map((r) => r.code)).toEqual(['small_for_close_ups']);
    expect(notesOn(small)[0]!.message).toMatch(/close-ups/);
    expect(notesOn(photo(1600, [main]))).toEqual([]);
  });

  it('notes a photo too small for a delivered frame, even with a large face in it', () => {
    // A 700 px crop with a 315 px face: no frame of it reaches 2048 / 2.5 = 819 px, so every
    // portrait from it is enlarged past the limit.
    const big = { box: { x: 0.25, y: 0.25, width: 0.5, height: 0.45 }, score: 0.95 };
    const crop = photo(700, [big]);
    expect(0.45 * 700).toBeGreaterThanOrEqual(CLOSE_UP_MIN_FACE_PX);
    expect(tallestFrame(crop)).toBeLessThan(819);
    expect(notesOn(crop).map((r) => r.code)).toEqual(['small_for_close_ups']);
    expect(notesOn(crop)[0]!.message).toMatch(/may still look soft/);
    // The same framing from a 1400 px photo has room for it.
    expect(tallestFrame(photo(1400, [big]))).toBeGreaterThan(819);
    expect(notesOn(photo(1400, [big]))).toEqual([]);
  });
});

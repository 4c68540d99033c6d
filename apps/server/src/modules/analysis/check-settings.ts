/**
 * Thresholds of the upload checks (`processing.checks`). Defaults were calibrated on the sample
 * set described in docs/decisions/009-upload-checks.md; every one can be tuned on real uploads.
 */
export type UploadCheckSettings = {
  /** Worker threads analysing uploads (each holds its own face models, ~250 MB). */
  workers: number;
  /** Analyses waiting for a thread before new ones are left pending for the next sweep. */
  maxQueue: number;
  /** Shortest side of the upright photo, in pixels. */
  minShortSide: number;
  /** Main face height as a fraction of the photo's height. */
  minFaceHeight: number;
  /** A second face counts as another person when at least this fraction of the main face's height. */
  otherFaceMinRatio: number;
  /**
   * A body the people detector finds at a side of the photo, without the sitter's face, counts as
   * another person when its score is at least this (vision/people.ts).
   */
  otherPersonMinScore: number;
  /** Largest head turn (yaw) and tilt up/down (pitch), in degrees. */
  maxYawDegrees: number;
  maxPitchDegrees: number;
  /**
   * Largest sideways tilt (roll of the face mesh's axis), in degrees. The studio engine levels
   * up to it; a head tilted further is refused: levelled, its body runs diagonally across the
   * portrait and its hair ends in the turned photo's straight edges (ADR 034).
   */
  maxRollDegrees: number;
  /** Least lid gap over eye width (face-mesh `eyesOpen`): under it the eyes are shut or cast down. */
  minEyesOpen: number;
  /** Laplacian variance of the face, resized to 256 px; lower is blurrier. */
  minSharpness: number;
  /** Mean luma (0–255) of the face (of the whole photo without one). */
  minBrightness: number;
  maxBrightness: number;
  /** Fraction of face pixels blown out to white (luma ≥ 250). */
  maxClippedHighlights: number;
  /** Perceptual-hash distance (of 64 bits, dHash or pHash) at or under which two photos are duplicates. */
  duplicateMaxDistance: number;
  /** Face-embedding similarity (0–1) under which a photo shows someone else. */
  minSamePersonSimilarity: number;
  /** Accepted photos needed before the same-person check applies. */
  samePersonMinOthers: number;
};

export function defaultUploadCheckSettings(): UploadCheckSettings {
  return {
    workers: 1,
    maxQueue: 200,
    minShortSide: 400,
    minFaceHeight: 0.15,
    otherFaceMinRatio: 0.3,
    otherPersonMinScore: 0.2,
    maxYawDegrees: 30,
    maxPitchDegrees: 20,
    maxRollDegrees: 20,
    minEyesOpen: 0.15,
    minSharpness: 10,
    minBrightness: 45,
    maxBrightness: 225,
    maxClippedHighlights: 0.25,
    duplicateMaxDistance: 10,
    minSamePersonSimilarity: 0.55,
    samePersonMinOthers: 2,
  };
}

type Add = (field: string, code: string, message: string) => void;
type Range = [key: keyof UploadCheckSettings, min: number, max: number, integer: boolean];

const RANGES: Range[] = [
  ['workers', 1, 8, true],
  ['maxQueue', 1, 10_000, true],
  ['minShortSide', 0, 10_000, true],
  ['minFaceHeight', 0, 1, false],
  ['otherFaceMinRatio', 0, 1, false],
  ['otherPersonMinScore', 0, 1, false],
  ['maxYawDegrees', 0, 90, false],
  ['maxPitchDegrees', 0, 90, false],
  ['maxRollDegrees', 0, 90, false],
  ['minEyesOpen', 0, 1, false],
  ['minSharpness', 0, 10_000, false],
  ['minBrightness', 0, 255, false],
  ['maxBrightness', 0, 255, false],
  ['maxClippedHighlights', 0, 1, false],
  ['duplicateMaxDistance', 0, 64, true],
  ['minSamePersonSimilarity', 0, 1, false],
  ['samePersonMinOthers', 1, 100, true],
];

/** Field paths are relative to the `processing` section (`checks.minSharpness`). */
export function validateUploadCheckSettings(c: UploadCheckSettings, add: Add): void {
  if (!c || typeof c !== 'object') {
    add('checks', 'validation_invalid_value', 'Must be an object of thresholds.');
    return;
  }
  for (const [key, min, max, integer] of RANGES) {
    const v = c[key];
    const ok = typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
    if (!ok || (integer && !Number.isInteger(v))) {
      const kind = integer ? 'a whole number' : 'a number';
      add(`checks.${key}`, 'validation_invalid_value', `Must be ${kind} from ${min} to ${max}.`);
    }
  }
  if (c.minBrightness >= c.maxBrightness)
    add('checks.maxBrightness', 'validation_invalid_value', 'Must be greater than minBrightness.');
}

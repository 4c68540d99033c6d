/** What the analysis worker measures of one upload: plain data, passed between threads. */
import type { Exposure } from './vision/exposure.js';

/** A box in fractions (0–1) of the upright image. */
export type NormBox = { x: number; y: number; width: number; height: number };

export type MainFace = {
  box: NormBox;
  /** Face height as a fraction of the image height. */
  heightFrac: number;
  /** Head pose in degrees: turn, tilt up/down, tilt sideways. */
  yaw: number;
  pitch: number;
  roll: number;
  /** The forehead-to-chin axis's lean in degrees, what the studio engine levels by (vision/face-mesh.ts). */
  headRoll: number | null;
  /** Lid gap over eye width, of the more open eye (vision/face-mesh.ts); null without a mesh. */
  eyesOpen: number | null;
  /** Laplacian variance of the face resized to 256 px. */
  sharpness: number;
  exposure: Exposure;
  /** Face descriptor (1024 values) for same-person checks; empty when the model gave none. */
  embedding: number[];
};

export type PhotoAnalysis = {
  width: number;
  height: number;
  /** Every face found, largest first. */
  faces: { box: NormBox; score: number }[];
  /** The largest face, measured in detail. */
  face: MainFace | null;
  /** The whole image. */
  exposure: Exposure;
  dhash: string;
  phash: string;
};

export type AnalysisFormat = 'jpeg' | 'png' | 'webp';

export type AnalysisTask = {
  bytes: Uint8Array;
  format: AnalysisFormat;
  /** False: only orient and strip metadata (uploadChecks off). */
  checks: boolean;
};

export type AnalysisResult = {
  /** The upload re-encoded upright without metadata, in its own format. */
  clean: Uint8Array;
  width: number;
  height: number;
  analysis: PhotoAnalysis | null;
};

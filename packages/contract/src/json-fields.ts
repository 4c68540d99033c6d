/**
 * The shapes of the JSON fields the web app reads. The collection definitions only say "json", so
 * the generator maps these fields to these types by name (JSON_FIELD_TYPES in
 * scripts/render-records.ts); everything else stays `unknown`.
 */

/** `styles.backdrop`: what the style card paints behind the portrait. */
export type Backdrop = {
  kind?: 'solid' | 'gradient' | 'image' | 'bokeh' | (string & {});
  /** `#rrggbb` colours, first to last. */
  colors?: string[];
  /** Gradient angle in degrees. */
  angle?: number;
};

/** `styles.grading`: colour grading, each value -1..1 except `mono`. */
export type Grading = {
  warmth?: number;
  saturation?: number;
  contrast?: number;
  brightness?: number;
  vignette?: number;
  grain?: number;
  mono?: boolean;
};

/** One reason an upload check refused (or warned about) a photo: `original_photos.qcReasons`. */
export type QcReason = { code: string; message: string };

/** `original_photos.faceBox`: the main face found by the upload checks, as fractions (0..1) of the photo. */
export type FaceBox = { x: number; y: number; width: number; height: number };

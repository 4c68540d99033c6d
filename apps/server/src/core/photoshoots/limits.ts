/**
 * Business limits of photoshoots. Defaults hold until the settings grow a `photoshoots` section
 * (`{maxPhotos, minAcceptedPhotos, freeRedos}`); a value there that is not a positive integer
 * (or 0 for `freeRedos`) is ignored rather than trusted.
 */
import type { App } from '../app.js';

export type PhotoshootLimits = {
  /** Photos one photoshoot may hold (uploads beyond it are refused). */
  maxPhotos: number;
  /** QC-accepted photos a draft needs before checkout. */
  minAcceptedPhotos: number;
  /** Redo rounds per photoshoot that cost nothing. */
  freeRedos: number;
};

export const DEFAULT_LIMITS: Readonly<PhotoshootLimits> = {
  maxPhotos: 20,
  minAcceptedPhotos: 6,
  freeRedos: 1,
};

function intAtLeast(value: unknown, min: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : undefined;
}

export function photoshootLimits(app: App): PhotoshootLimits {
  const section =
    (app.settings.get() as { photoshoots?: Partial<Record<keyof PhotoshootLimits, unknown>> }).photoshoots ??
    {};
  return {
    maxPhotos: intAtLeast(section.maxPhotos, 1) ?? DEFAULT_LIMITS.maxPhotos,
    minAcceptedPhotos: intAtLeast(section.minAcceptedPhotos, 1) ?? DEFAULT_LIMITS.minAcceptedPhotos,
    freeRedos: intAtLeast(section.freeRedos, 0) ?? DEFAULT_LIMITS.freeRedos,
  };
}

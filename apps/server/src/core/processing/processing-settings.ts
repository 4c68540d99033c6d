/**
 * The `processing` settings section: upload-check thresholds, the worker, review and retention.
 * Defaults are calibrated on the sample set in reference/offline-image-ai.md.
 */
export type ProcessingSettings = {
  /** Generation provider for new jobs: the offline studio engine or a hosted service. */
  provider: 'studio' | 'fal' | 'replicate' | 'astria';
  /** Analyse each uploaded photo (face, sharpness, exposure, duplicates, same person). */
  uploadChecks: boolean;
  /** Jobs the worker embedded in `serve` runs at once (0 switches it off). */
  workerConcurrency: number;
  /** Operators approve results before release. */
  reviewRequired: boolean;
  /** Days after release before originals are deleted (0 keeps them). */
  originalsRetentionDays: number;
  /** Days after release before results are deleted (0 keeps them). */
  resultsRetentionDays: number;
};

export function defaultProcessingSettings(): ProcessingSettings {
  return {
    provider: 'studio',
    uploadChecks: true,
    workerConcurrency: 1,
    reviewRequired: true,
    originalsRetentionDays: 30,
    resultsRetentionDays: 0,
  };
}

/** Secret fields of this section (relative paths). */
export const PROCESSING_SECRET_FIELDS: readonly string[] = [];

type Add = (field: string, code: string, message: string) => void;

export function validateProcessingSettings(s: ProcessingSettings, add: Add): void {
  if (!['studio', 'fal', 'replicate', 'astria'].includes(s.provider))
    add('provider', 'validation_invalid_value', 'Must be studio, fal, replicate or astria.');
  if (!Number.isInteger(s.workerConcurrency) || s.workerConcurrency < 0 || s.workerConcurrency > 16)
    add('workerConcurrency', 'validation_invalid_value', 'Must be a whole number from 0 to 16.');
  if (typeof s.uploadChecks !== 'boolean')
    add('uploadChecks', 'validation_invalid_value', 'Must be true or false.');
  if (typeof s.reviewRequired !== 'boolean')
    add('reviewRequired', 'validation_invalid_value', 'Must be true or false.');
  for (const k of ['originalsRetentionDays', 'resultsRetentionDays'] as const) {
    if (!Number.isInteger(s[k]) || s[k] < 0) add(k, 'validation_invalid_value', 'Must be 0 or more days.');
  }
}

/**
 * The `processing` settings section: upload-check thresholds, the worker, review and retention.
 * Defaults are calibrated on the sample set in reference/offline-image-ai.md.
 */
import type { SettingsSection } from '../../core/settings/settings-section.js';
import {
  defaultUploadCheckSettings,
  validateUploadCheckSettings,
  type UploadCheckSettings,
} from '../analysis/check-settings.js';

/**
 * The section's fields. Another module adds its own with a section of the same name and a `declare
 * module` block extending this interface (the hosted providers' keys and polling:
 * modules/hosted-providers/hosted-settings.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- widened by other modules.
export interface ProcessingSettings extends OwnProcessingSettings {}

/** The fields this module defaults and validates. */
type OwnProcessingSettings = {
  /** Generation provider for new jobs: the offline studio engine, the operator's ComfyUI servers or a hosted service. */
  provider: 'studio' | 'comfyui' | 'fal' | 'replicate' | 'astria';
  /** Analyse each uploaded photo (face, sharpness, exposure, duplicates, same person). */
  uploadChecks: boolean;
  /** Upload-check thresholds and the analysis pool (modules/analysis/check-settings.ts). */
  checks: UploadCheckSettings;
  /** Jobs the worker embedded in `serve` runs at once (0 switches it off). */
  workerConcurrency: number;
  /** Attempts a job gets before the photoshoot is `failed` (retries back off exponentially). */
  maxAttempts: number;
  /** Seconds a claimed job stays leased without a heartbeat before another worker may reclaim it. */
  leaseSeconds: number;
  /** Delay before the first retry; each further retry doubles it (capped at an hour). */
  retryBaseSeconds: number;
  /** Operators approve results before release. */
  reviewRequired: boolean;
  /**
   * Face likeness (0–1) of a result to the subject's accepted photos under which it is held back
   * (docs/decisions/015-likeness.md): same person measured 0.85–1.0, other people 0.06–0.48.
   */
  likenessThreshold: number;
  /** Days after release before originals are deleted (0 keeps them). */
  originalsRetentionDays: number;
  /** Days after release before results are deleted (0 keeps them). */
  resultsRetentionDays: number;
};

export function defaultProcessingSettings(): OwnProcessingSettings {
  return {
    provider: 'studio',
    uploadChecks: true,
    checks: defaultUploadCheckSettings(),
    workerConcurrency: 1,
    maxAttempts: 3,
    leaseSeconds: 120,
    retryBaseSeconds: 30,
    reviewRequired: true,
    likenessThreshold: 0.5,
    originalsRetentionDays: 30,
    resultsRetentionDays: 0,
  };
}

type Add = (field: string, code: string, message: string) => void;

export function validateProcessingSettings(s: OwnProcessingSettings, add: Add): void {
  if (!['studio', 'comfyui', 'fal', 'replicate', 'astria'].includes(s.provider))
    add('provider', 'validation_invalid_value', 'Must be studio, comfyui, fal, replicate or astria.');
  if (!Number.isInteger(s.workerConcurrency) || s.workerConcurrency < 0 || s.workerConcurrency > 16)
    add('workerConcurrency', 'validation_invalid_value', 'Must be a whole number from 0 to 16.');
  if (!Number.isInteger(s.maxAttempts) || s.maxAttempts < 1 || s.maxAttempts > 20)
    add('maxAttempts', 'validation_invalid_value', 'Must be a whole number from 1 to 20.');
  if (!Number.isInteger(s.leaseSeconds) || s.leaseSeconds < 2 || s.leaseSeconds > 3600)
    add('leaseSeconds', 'validation_invalid_value', 'Must be a whole number of seconds from 2 to 3600.');
  if (!Number.isInteger(s.retryBaseSeconds) || s.retryBaseSeconds < 0 || s.retryBaseSeconds > 3600)
    add('retryBaseSeconds', 'validation_invalid_value', 'Must be a whole number of seconds from 0 to 3600.');
  if (typeof s.uploadChecks !== 'boolean')
    add('uploadChecks', 'validation_invalid_value', 'Must be true or false.');
  validateUploadCheckSettings(s.checks, add);
  if (typeof s.reviewRequired !== 'boolean')
    add('reviewRequired', 'validation_invalid_value', 'Must be true or false.');
  if (typeof s.likenessThreshold !== 'number' || !(s.likenessThreshold >= 0 && s.likenessThreshold <= 1))
    add('likenessThreshold', 'validation_invalid_value', 'Must be a number from 0 to 1.');
  for (const k of ['originalsRetentionDays', 'resultsRetentionDays'] as const) {
    if (!Number.isInteger(s[k]) || s[k] < 0) add(k, 'validation_invalid_value', 'Must be 0 or more days.');
  }
}

/** The `processing` section, registered by its module. */
export const processingSettingsSection: SettingsSection<OwnProcessingSettings> = {
  name: 'processing',
  defaults: defaultProcessingSettings,
  validate: validateProcessingSettings,
};

declare module '../../core/settings/settings.js' {
  interface ModuleSettings {
    processing: ProcessingSettings;
  }
}

/** The `photoshoots` settings section: business limits of one order. */
import type { SettingsSection } from '../../core/settings/settings-section.js';
export type PhotoshootsSettings = {
  /** Photos one photoshoot may hold (uploads beyond it are refused). */
  maxPhotos: number;
  /** QC-accepted photos a draft needs before checkout. */
  minAcceptedPhotos: number;
  /** Redo rounds per photoshoot that cost nothing. */
  freeRedos: number;
};

export function defaultPhotoshootsSettings(): PhotoshootsSettings {
  return { maxPhotos: 20, minAcceptedPhotos: 6, freeRedos: 1 };
}

type Add = (field: string, code: string, message: string) => void;

export function validatePhotoshootsSettings(s: PhotoshootsSettings, add: Add): void {
  if (!Number.isInteger(s.maxPhotos) || s.maxPhotos < 1 || s.maxPhotos > 100)
    add('maxPhotos', 'validation_invalid_value', 'Must be a whole number from 1 to 100.');
  if (!Number.isInteger(s.minAcceptedPhotos) || s.minAcceptedPhotos < 1)
    add('minAcceptedPhotos', 'validation_invalid_value', 'Must be at least 1.');
  else if (Number.isInteger(s.maxPhotos) && s.minAcceptedPhotos > s.maxPhotos)
    add('minAcceptedPhotos', 'validation_invalid_value', 'Cannot be more than maxPhotos.');
  if (!Number.isInteger(s.freeRedos) || s.freeRedos < 0)
    add('freeRedos', 'validation_invalid_value', 'Must be 0 or more.');
}

/** The `photoshoots` section, registered by its module. */
export const photoshootsSettingsSection: SettingsSection<PhotoshootsSettings> = {
  name: 'photoshoots',
  defaults: defaultPhotoshootsSettings,
  validate: validatePhotoshootsSettings,
};

declare module '../../core/settings/settings.js' {
  interface ModuleSettings {
    photoshoots: PhotoshootsSettings;
  }
}

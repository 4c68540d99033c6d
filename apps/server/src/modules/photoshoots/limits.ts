/** Business limits of photoshoots, from the `photoshoots` settings section. */
import type { App } from '../../core/app.js';
import { defaultPhotoshootsSettings, type PhotoshootsSettings } from './photoshoots-settings.js';

export type PhotoshootLimits = PhotoshootsSettings;

export const DEFAULT_LIMITS: Readonly<PhotoshootLimits> = defaultPhotoshootsSettings();

export function photoshootLimits(app: App): PhotoshootLimits {
  return app.settings.get().photoshoots;
}

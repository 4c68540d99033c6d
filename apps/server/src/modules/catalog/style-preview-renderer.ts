/**
 * Who renders a style's preview: the processing module provides it with the studio engine (the look
 * customers will get), as rendering is the engine's job and the catalogue only stores the picture.
 */
import { ServiceKey } from '../../core/service-key.js';
import type { RecordOf } from '../record-of.js';
import { PREVIEW_WIDTH } from './style-preview.js';

/** Long side of a rendered preview: 4:5 at the gallery's preview width. */
export const PREVIEW_LONG_SIDE = Math.round((PREVIEW_WIDTH * 5) / 4);

export type StylePreviewRenderer = {
  /** The preview JPEG of `style` (a styles row: framing, aspect, backdrop, grading). */
  render(style: RecordOf<'styles'>): Promise<Buffer>;
};

export const stylePreviewRendererKey = new ServiceKey<StylePreviewRenderer>('stylePreviewRenderer');

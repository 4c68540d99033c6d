/**
 * Renders a style's preview with the studio engine (the look customers will get) from the
 * public-domain sample portrait, in a studio worker thread of its own: a render is seconds of CPU
 * and must never run on the event loop that serves the API. The thread starts on the first render
 * and exits after a minute idle (StudioPool), so an install that never asks pays nothing.
 */
import { readFile } from 'node:fs/promises';
import type { App } from '../../core/app.js';
import { ServiceKey } from '../../core/service-key.js';
import { StudioPool } from '../processing/studio/studio-pool.js';
import type { Look } from '../processing/studio/render-portrait.js';
import { PREVIEW_WIDTH, SAMPLE_PORTRAIT } from './style-preview.js';
import type { RecordOf } from '../record-of.js';

/** Long side of a rendered preview: 4:5 at the gallery's preview width. */
export const PREVIEW_LONG_SIDE = Math.round((PREVIEW_WIDTH * 5) / 4);

/** The stored backdrop if it has the engine's shape; otherwise the engine's default grey. */
function backdropOf(value: unknown): Look['backdrop'] {
  const b = value as { kind?: unknown; colors?: unknown } | null;
  return b && typeof b.kind === 'string' && Array.isArray(b.colors) ? (b as Look['backdrop']) : null;
}

export const stylePreviewRendererKey = new ServiceKey<StylePreviewRenderer>('stylePreviewRenderer');

export class StylePreviewRenderer {
  private pool: StudioPool | null = null;
  private sample: Promise<Buffer> | null = null;

  constructor(private readonly app: App) {}

  /** The preview JPEG of `style` (a styles row: framing, aspect, backdrop, grading). */
  async render(style: RecordOf<'styles'>): Promise<Buffer> {
    this.pool ??= new StudioPool({ size: 1, dataDir: this.app.dataDir });
    this.sample ??= readFile(SAMPLE_PORTRAIT);
    this.sample.catch(() => (this.sample = null));
    const look: Look = {
      framing: style.framing === 'half_body' ? 'half_body' : 'headshot',
      aspect: style.aspect || '4:5',
      backdrop: backdropOf(style.backdrop),
      grading: style.grading ?? {},
    };
    const rendered = await this.pool.render({
      photoKey: 'sample',
      photo: await this.sample,
      look,
      // note: one seed per style, so rendering the same look twice gives the same picture.
      seed: `preview:${style.id}`,
      longSide: PREVIEW_LONG_SIDE,
    });
    return rendered.jpeg;
  }

  close(): Promise<void> {
    return this.pool?.close() ?? Promise.resolve();
  }
}

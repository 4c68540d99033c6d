/**
 * Renders a style's preview with the studio engine (the look customers will get) from the
 * public-domain sample portrait, in a studio worker thread of its own: a render is seconds of CPU
 * and must never run on the event loop that serves the API. The thread starts on the first render
 * and exits after a minute idle (StudioPool), so an install that never asks pays nothing.
 */
import { readFile } from 'node:fs/promises';
import type { App } from '../../core/app.js';
import type { RecordOf } from '../record-of.js';
import { StudioPool } from './studio/studio-pool.js';
import type { Look } from './studio/render-portrait.js';
import { SAMPLE_PORTRAIT } from '../catalog/style-preview.js';
import { PREVIEW_LONG_SIDE, type StylePreviewRenderer } from '../catalog/style-preview-renderer.js';

/** The stored backdrop if it has the engine's shape; otherwise the engine's default grey. */
function backdropOf(value: unknown): Look['backdrop'] {
  const b = value as { kind?: unknown; colors?: unknown } | null;
  return b && typeof b.kind === 'string' && Array.isArray(b.colors) ? (b as Look['backdrop']) : null;
}

/** The catalogue's preview renderer (catalog/style-preview-renderer.ts), on the studio engine. */
export class StudioPreviewRenderer implements StylePreviewRenderer {
  private pool: StudioPool | null = null;
  private sample: Promise<Buffer> | null = null;

  constructor(private readonly app: App) {}

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

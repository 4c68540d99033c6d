/**
 * Worker-thread entry of the studio engine: segmentation, compositing and encoding are seconds of
 * CPU each, so they run here (tools/worker-pool.ts) and never on the event loop that serves the
 * API or drives the job runner. The engine (models) is loaded on the first task and kept.
 */
import { serveTasks } from '../../../tools/worker-serve.js';
import { StudioEngine, type RenderJob } from './studio-engine.js';
import type { RenderedPortrait } from './render-portrait.js';

export type StudioTask = { job: RenderJob; dataDir?: string };
export type StudioReply = Omit<RenderedPortrait, 'jpeg'> & { jpeg: Uint8Array };

let engine: Promise<StudioEngine> | null = null;

serveTasks<StudioTask, StudioReply>(async ({ job, dataDir }) => {
  engine ??= StudioEngine.open({ dataDir });
  engine.catch(() => (engine = null));
  const result = await (
    await engine
  ).render({
    ...job,
    photo: Buffer.from(job.photo),
    brandBackdrop: job.brandBackdrop ? Buffer.from(job.brandBackdrop) : null,
  });
  const jpeg = new Uint8Array(result.jpeg);
  return { output: { ...result, jpeg }, transfer: [jpeg.buffer] };
});

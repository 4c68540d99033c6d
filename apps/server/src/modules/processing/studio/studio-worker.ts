/**
 * Worker-thread entry of the studio engine: segmentation, compositing and encoding are seconds of
 * CPU each, so they run here (tools/worker-pool.ts) and never on the event loop that serves the
 * API or drives the job runner. The engine (ISNet when configured) is opened on the first task
 * and kept. Its faces and selfie mattes are asked of the parent, which hands them to the
 * face-model threads (studio-pool.ts): this thread loads no face models of its own.
 */
import { askParent, serveTasks } from '../../../tools/worker-serve.js';
import type { FaceModels, FoundFace } from '../../analysis/vision/face-models.js';
import type { FaceQuestion } from '../../analysis/face-threads.js';
import { StudioEngine, type RenderJob } from './studio-engine.js';
import type { RenderedPortrait } from './render-portrait.js';

export type StudioTask = {
  job: RenderJob;
  dataDir?: string;
  /** The engine's analyses kept (studio-pool.ts), read when the engine opens. */
  analysesKept: number;
};
export type StudioReply = Omit<RenderedPortrait, 'jpeg'> & { jpeg: Uint8Array };

/** The pixels go as a copy this thread can give away: callers' buffers may be views into a pool. */
function ask<Out>(question: FaceQuestion) {
  const rgb = new Uint8Array(question.rgb);
  return askParent<Out>({ ...question, rgb }, [rgb.buffer]);
}

const faces: FaceModels = {
  faces: (rgb, width, height, irises = true) =>
    ask<FoundFace[]>({ kind: 'faces', irises, rgb, width, height }),
  person: (rgb, width, height) => ask<Float32Array | null>({ kind: 'person', rgb, width, height }),
};

let engine: Promise<StudioEngine> | null = null;

serveTasks<StudioTask, StudioReply>(async ({ job, dataDir, analysesKept }) => {
  engine ??= StudioEngine.open({ dataDir, faces, analysesKept });
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

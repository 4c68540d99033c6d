/**
 * The studio engine in one object: its models (the face models for the face and the selfie matte,
 * ISNet when configured), an analysis cache so the variants of one photo are analysed once, and
 * `render` for one result. Runs in a worker thread (studio-worker.ts), which borrows the face
 * models of the face-model threads, or in a script, which loads them here.
 */
import { localFaceModels, type FaceModels } from '../../analysis/vision/face-models.js';
import { loadHuman } from '../../analysis/vision/human.js';
import { analysePhoto, type Analysers, type PhotoAnalysis } from './analyse-photo.js';
import { isnetModelPath, openIsnet } from './isnet.js';
import { renderPortrait, type RenderOptions, type RenderedPortrait } from './render-portrait.js';

export type EngineOptions = {
  /** Where to look for `models/isnet.onnx`. */
  dataDir?: string;
  /**
   * Where faces and the selfie matte come from. Left out, Human is loaded in this thread; null
   * means none (tests of the fallback paths).
   */
  faces?: FaceModels | null;
  /** Analyses kept (default ANALYSES_KEPT): at least one per job whose renders this engine takes. */
  analysesKept?: number;
};

export type RenderJob = RenderOptions & {
  /** Identifies the photo bytes for the analysis cache. */
  photoKey: string;
  photo: Buffer;
  /**
   * Whose renders these are (a photoshoot's job). An owner works photo by photo (run-job.ts), so a
   * new photo of one owner drops that owner's previous analysis before the new one is made.
   */
  owner?: string;
};

/**
 * Analyses kept by default: each holds the photo's pixels, its matte and a small photo's
 * enlargement (~25 MB for a 1024 px selfie). The runner makes a job's portraits photo by photo
 * (run-job.ts), so one is in use per job at a time, and a job's next photo replaces its last
 * (`RenderJob.owner`); the second keeps a job's photo when a render for something else comes in
 * between.
 */
export const ANALYSES_KEPT = 2;

type Kept = { owner: string | undefined; analysis: Promise<PhotoAnalysis> };

export class StudioEngine {
  /** In the order last used, oldest first. */
  private readonly cache = new Map<string, Kept>();

  private constructor(
    private readonly tools: Analysers,
    private readonly kept: number,
  ) {}

  static async open(opts: EngineOptions = {}): Promise<StudioEngine> {
    const modelPath = isnetModelPath(opts.dataDir);
    const isnet = modelPath ? await openIsnet(modelPath) : null;
    const faces =
      opts.faces !== undefined
        ? opts.faces
        : localFaceModels(
            await loadHuman({
              face: { description: { enabled: false } },
              segmentation: { enabled: !isnet },
            }),
          );
    return new StudioEngine({ faces, isnet }, Math.max(1, opts.analysesKept ?? ANALYSES_KEPT));
  }

  analyse(photoKey: string, photo: Buffer, owner?: string): Promise<PhotoAnalysis> {
    const hit = this.cache.get(photoKey);
    if (hit) {
      this.cache.delete(photoKey);
      this.cache.set(photoKey, hit);
      return hit.analysis;
    }
    // note: dropped before the new analysis allocates, so the two never weigh on the thread at once.
    if (owner !== undefined)
      for (const [key, kept] of this.cache) if (kept.owner === owner) this.cache.delete(key);
    const analysis = analysePhoto(photo, this.tools);
    analysis.catch(() => {
      if (this.cache.get(photoKey)?.analysis === analysis) this.cache.delete(photoKey);
    });
    this.cache.set(photoKey, { owner, analysis });
    while (this.cache.size > this.kept) this.cache.delete(this.cache.keys().next().value!);
    return analysis;
  }

  async render(job: RenderJob): Promise<RenderedPortrait> {
    return renderPortrait(await this.analyse(job.photoKey, job.photo, job.owner), job);
  }
}

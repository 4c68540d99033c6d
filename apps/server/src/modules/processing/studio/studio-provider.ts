/**
 * The built-in, offline `studio` provider: no subject training, and every image finishes within
 * `generate` (it never answers `pending`), rendered in the studio worker threads.
 */
import type {
  ExternalJob,
  GenerateOutcome,
  GenerateRequest,
  GeneratedImage,
  GenerationProvider,
  PreparedSubject,
  Subject,
} from '../providers/types.js';
import { PermanentJobError } from '../providers/types.js';
import { BEST_PHOTOS, photoForVariant, rankPhotos } from './choose-photos.js';
import { seededRandom } from './seeded-random.js';
import { StudioPool, type StudioPoolOptions } from './studio-pool.js';
import { FULL_LONG_SIDE } from './framing.js';

/** Output long side of a team test shoot (a full one is FULL_LONG_SIDE). */
export const TEST_LONG_SIDE = 1024;

/** What a style's seed decides for all its variants. */
function styleDraws(seed: string): { firstSide: -1 | 1; styleIndex: number } {
  const styleRandom = seededRandom(seed);
  // A style's variants take turns on the key light's side, starting on the side its seed draws.
  const firstSide: -1 | 1 = styleRandom.next() < 0.5 ? -1 : 1;
  // Each style starts at its own place in the best photos, so two styles (a team's, over one
  // brand backdrop) do not open on the same photo.
  const styleIndex = Math.floor(styleRandom.next() * BEST_PHOTOS);
  return { firstSide, styleIndex };
}

export class StudioProvider implements GenerationProvider {
  readonly name = 'studio';
  private readonly pool: StudioPool;

  constructor(opts: StudioPoolOptions) {
    this.pool = new StudioPool(opts);
  }

  /** The studio threads alive now (models are loaded only inside them, on their first render). */
  get threads(): number {
    return this.pool.threads;
  }

  async prepare(subject: Subject): Promise<PreparedSubject> {
    if (!subject.photos.length) throw new PermanentJobError('There are no accepted photos to work from.');
    return { subject: { ...subject, photos: rankPhotos(subject.photos) } };
  }

  sourcePhoto(prepared: PreparedSubject, req: GenerateRequest): string {
    const { styleIndex } = styleDraws(req.seed);
    return photoForVariant(prepared.subject.photos, req.variants[0] ?? 0, styleIndex).id;
  }

  async generate(prepared: PreparedSubject, req: GenerateRequest): Promise<GenerateOutcome> {
    const { subject } = prepared;
    const images: GeneratedImage[] = [];
    const { firstSide, styleIndex } = styleDraws(req.seed);
    for (const variant of req.variants) {
      req.signal?.throwIfAborted();
      const photo = photoForVariant(subject.photos, variant, styleIndex);
      const rendered = await this.pool.render(
        {
          photoKey: `${photo.id}:${photo.data.length}`,
          photo: photo.data,
          owner: subject.photoshootId,
          look: {
            framing: req.style.framing,
            aspect: req.style.aspect,
            backdrop: req.style.backdrop,
            grading: req.style.grading,
          },
          seed: `${req.seed}:${variant}`,
          longSide: subject.isTest ? TEST_LONG_SIDE : FULL_LONG_SIDE,
          brandBackdrop: req.style.brandBackdrop ?? null,
          storedFace: photo.faceBox ?? null,
          lightSide: variant % 2 === 0 ? firstSide : (-firstSide as -1 | 1),
          // Tight, wide, wide, tight: with the light's turns, four variants differ in both.
          wider: ((variant + 1) >> 1) % 2 === 1,
        },
        req.signal,
      );
      images.push({
        variant,
        data: rendered.jpeg,
        width: rendered.width,
        height: rendered.height,
        sourcePhoto: photo.id,
        params: { ...rendered.params, style: req.style.slug },
      });
    }
    return { state: 'done', images };
  }

  async status(job: ExternalJob): Promise<GenerateOutcome> {
    return { state: 'failed', reason: `The studio engine has no pending job ${job.externalId}.` };
  }

  async cancel(): Promise<void> {}

  async parseWebhook(): Promise<null> {
    return null;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * Scores each generated image against the subject's reference face and decides whether it is held
 * back: under `processing.likenessThreshold` a result is written `review: 'rejected'` with a note
 * saying why, so it is never released unless an operator approves it explicitly. Without a
 * reference (upload checks were off) nothing is scored or held back: the operator's review is the
 * only gate then, and the result's hidden `params.likeness` says so.
 */
import { TaskError } from '../../../tools/worker-pool.js';
import { acquireEmbedder, type Embedder } from './embedder.js';
import { likenessOf } from './reference.js';

/** Written on the result row with the image. */
export type LikenessFields = { likeness: number; review: 'pending' | 'rejected'; reviewNote: string };

export type LikenessVerdict = {
  fields: LikenessFields;
  heldBack: boolean;
  /** For the result's hidden `params.likeness`: how the score came about. */
  detail: Record<string, unknown>;
};

export const NO_REFERENCE_NOTE =
  'not scored: the subject has no reference face (upload checks were off or found no face)';

function two(score: number, threshold: number): [string, string] {
  // note: 0.497 against 0.50 must not read "0.50 is below 0.50".
  const digits = score.toFixed(2) === threshold.toFixed(2) ? 3 : 2;
  return [score.toFixed(digits), threshold.toFixed(digits)];
}

/** The verdict on a score; `faces` 0 means no face was found (score 0). */
export function judgeLikeness(
  score: number,
  threshold: number,
  faces: number,
  retried = false,
): LikenessVerdict {
  const likeness = Math.round(Math.max(0, Math.min(1, score)) * 1000) / 1000;
  const detail = { score: likeness, threshold, faces, ...(retried ? { retried: true } : {}) };
  if (likeness >= threshold)
    return { fields: { likeness, review: 'pending', reviewNote: '' }, heldBack: false, detail };
  const [s, t] = two(likeness, threshold);
  const why = faces === 0 ? ' (no face found)' : '';
  const again = retried ? ' Regenerated once with another seed; still below.' : '';
  return {
    fields: {
      likeness,
      review: 'rejected',
      reviewNote: `Held back automatically: likeness ${s} is below ${t}${why}.${again}`,
    },
    heldBack: true,
    detail: { ...detail, heldBack: true },
  };
}

export class LikenessCheck {
  private readonly embedder: Embedder | null;

  /** Holds the shared embedding threads while the job runs (none without a reference). */
  constructor(
    private readonly reference: number[] | null,
    private readonly threshold: number,
  ) {
    this.embedder = reference ? acquireEmbedder() : null;
  }

  get scoring(): boolean {
    return this.embedder !== null;
  }

  async judge(image: Buffer, retried = false): Promise<LikenessVerdict> {
    if (!this.embedder || !this.reference)
      return {
        fields: { likeness: 0, review: 'pending', reviewNote: '' },
        heldBack: false,
        detail: { skipped: NO_REFERENCE_NOTE },
      };
    let face;
    try {
      face = await this.embedder.embed(image);
    } catch (err) {
      // An image the decoder refuses has no face to compare; a crashed thread is the job's error.
      if (!(err instanceof TaskError)) throw err;
      face = { faces: 0, embedding: [] };
    }
    return judgeLikeness(
      likenessOf(this.reference, face.embedding),
      this.threshold,
      face.embedding.length ? face.faces : 0,
      retried,
    );
  }

  close(): void {
    this.embedder?.release();
  }
}

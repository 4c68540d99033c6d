/**
 * The subject's reference face: one descriptor standing for all their accepted originals, and the
 * likeness of a generated face to it. Pure numbers, main-thread cheap.
 */
import { similarity } from '../../analysis/verdict.js';

function norm(v: readonly number[]): number {
  let s = 0;
  for (const x of v) s += x * x;
  return Math.sqrt(s);
}

/**
 * The mean of the originals' descriptors, as a direction, at their mean length. Human's similarity
 * is a scaled Euclidean distance on raw `faceres` descriptors (lengths 9–14 measured), so a
 * unit-length reference would sit far from every face; averaging shortens the vector as the
 * photos disagree, so it is stretched back to the typical length. With one photo it is that
 * photo's descriptor. Null when no original has one (upload checks off, or no face stored).
 */
export function referenceEmbedding(embeddings: readonly (readonly number[])[]): number[] | null {
  const usable = embeddings.filter((e) => e.length > 0 && e.every(Number.isFinite) && norm(e) > 0);
  const size = usable[0]?.length ?? 0;
  const same = usable.filter((e) => e.length === size);
  if (!same.length) return null;
  const mean = new Array<number>(size).fill(0);
  for (const e of same) for (let i = 0; i < size; i++) mean[i]! += e[i]! / same.length;
  const length = norm(mean);
  if (length === 0) return null;
  const target = same.reduce((s, e) => s + norm(e), 0) / same.length;
  return mean.map((x) => (x / length) * target);
}

/**
 * Likeness of a generated face to the reference, 0..1: Human's `match.similarity` (the upload
 * checks' `different_person` measure). 0 without a face.
 */
export function likenessOf(reference: readonly number[], embedding: readonly number[]): number {
  if (!embedding.length || embedding.length !== reference.length) return 0;
  return similarity(reference as number[], embedding as number[]);
}

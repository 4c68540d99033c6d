/**
 * Face embeddings of generated images, computed in the face-model threads the upload checks use
 * too (modules/analysis/face-threads.ts): one copy of the models in the process. A job holds a
 * lease while it runs; when the last holder lets go the threads stay warm for a minute and then
 * stop, and a thread without work for a minute exits even while a job holds the lease (a hosted
 * job may wait hours for its provider).
 */
import { acquireFaceThreads } from '../../analysis/face-threads.js';
import type { FaceEmbedding } from '../../analysis/vision/embed-face.js';

export type Embedder = {
  embed(image: Buffer): Promise<FaceEmbedding>;
  /** Lets go of the shared threads (idempotent). */
  release(): void;
};

export function acquireEmbedder(): Embedder {
  const lease = acquireFaceThreads();
  return { embed: (image) => lease.embed(image), release: () => lease.release() };
}

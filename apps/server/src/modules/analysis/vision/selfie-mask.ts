/**
 * The selfie model's person mask, computed as Human's `segmentation` computes it in 'alpha' mode,
 * but with the mask brought up to the picture's size here rather than in the wasm heap.
 *
 * Human scales the mask up inside tfjs, in three more full-size tensors (the upsampled mask, it
 * times 255, that cast to integers) after the input's. A thread's wasm heap never shrinks from
 * its largest working set, and the studio's second look (border-context.ts) asks for a mask of a
 * picture padded by a tenth on every side: measured in one thread after two upload checks, that
 * one question grew the heap from 128 to 185 MB and the resident set by 55 MB, for as long as the
 * face-model thread lived. Here only the input and the model's 256 × 256 answer are tensors.
 *
 * The values are Human's to the bit: the input goes through the same tfjs ops (resize to the
 * model's input, divided by 255), and the upsampling repeats what tfjs-backend-wasm's
 * ResizeBilinear does (XNNPACK's resize-bilinear in TensorFlow's legacy mode, no aligned corners:
 * source coordinate = output index × in/out in float32, the weights its fraction, the taps blended
 * along x, then y, each step rounded to float32), then × 255 in float32 and cast to int32 (which
 * truncates). Rounding each double operation to float32 gives the float32 result exactly, since a
 * double holds more than twice float32's precision. `test/analysis/human.test.ts` compares it with
 * Human's answer.
 */
import type * as tfc from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { Human } from '@vladmandic/human';
import { rgbToTensor } from './human.js';

const f32 = Math.fround;

/**
 * The selfie model's person mask over an upright RGB image, 0..1 per pixel, or null when the model
 * is not loaded (loadHuman with `segmentation: {enabled: true}`).
 */
export async function segmentPerson(
  human: Human,
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<Float32Array | null> {
  const model = (human.models.models as Record<string, GraphModel | null>)['selfie'];
  const shape = model?.inputs[0]?.shape;
  if (!model || !shape) return null;
  const [mh, mw] = [shape[1]!, shape[2]!];
  const tf = human.tf as typeof tfc;
  const input = tf.tidy(() => {
    const { tensor } = rgbToTensor(human, rgb, width, height);
    return tf.div(tf.image.resizeBilinear(tensor, [mh, mw], false), 255);
  });
  let small: Float32Array;
  try {
    const out = model.execute(input) as tfc.Tensor;
    small = (await out.data()) as Float32Array;
    out.dispose();
  } finally {
    input.dispose();
  }
  return upsampleMask(small, mw, mh, width, height);
}

/** The mask scaled from `sw` × `sh` to `width` × `height` as tfjs-wasm scales it, then to 0..1 in 255ths. */
function upsampleMask(
  small: Float32Array,
  sw: number,
  sh: number,
  width: number,
  height: number,
): Float32Array {
  const out = new Float32Array(width * height);
  const xScale = f32(sw / width);
  const yScale = f32(sh / height);
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  const alphaX = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const at = f32(x * xScale);
    left[x] = Math.trunc(at);
    right[x] = Math.min(left[x]! + 1, sw - 1);
    alphaX[x] = f32(at - left[x]!);
  }
  // Each of the model's rows interpolated across once: output rows share them (256 against ~1000).
  const across = new Float32Array(sh * width);
  for (let r = 0; r < sh; r++) {
    const row = r * sw;
    for (let x = 0; x < width; x++) {
      const l = small[row + left[x]!]!;
      across[r * width + x] = f32(l + f32(f32(small[row + right[x]!]! - l) * alphaX[x]!));
    }
  }
  for (let y = 0; y < height; y++) {
    const at = f32(y * yScale);
    const top = Math.trunc(at);
    const bottom = Math.min(top + 1, sh - 1);
    const alphaY = f32(at - top);
    const t = top * width;
    const b = bottom * width;
    for (let x = 0; x < width; x++) {
      const vt = across[t + x]!;
      const v = f32(vt + f32(f32(across[b + x]! - vt) * alphaY));
      out[y * width + x] = Math.trunc(f32(v * 255)) / 255;
    }
  }
  return out;
}

/**
 * Re-estimates the matte's edge around the head at twice the analysis resolution (returned at
 * the analysis size), from the
 * photo's colours rather than the segmenter's mask alone. The segmenter's matte of a small
 * upload is nearly binary at its own pixels: enlarged ~6× for a headshot, its outline is a
 * staircase, and its part-covered pixels still hold the old backdrop's colour, a light rim on a
 * dark new backdrop. Here, in a band along the edge over the head, each pixel's alpha is its
 * colour's position between the local hair colour and the local old-backdrop colour (each a
 * Gaussian-weighted mean of the confident pixels nearby, as suppressBackground estimates the
 * wall), trusted as far as those two colours differ. Image edges are smooth where the mask's
 * pixels are not, so the outline follows the hair and loses its steps.
 */
import sharp from 'sharp';
import { blurWindow, clamp01, gaussBlur, gaussBlurReader, smoothstep } from './planes.js';
import type { Box } from './framing.js';

export type Matte = { alpha: Float32Array; alphaWidth: number; alphaHeight: number };

/** Up to this many times the analysis size; the enlarged source has the detail for it. */
const SCALE = 2;

function upsampleBilinear(a: Float32Array, w: number, h: number, W: number, H: number): Float32Array {
  const out = new Float32Array(W * H);
  const sx = w / W;
  const sy = h / H;
  for (let Y = 0; Y < H; Y++) {
    const fy = Math.min(h - 1, Math.max(0, (Y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let X = 0; X < W; X++) {
      const fx = Math.min(w - 1, Math.max(0, (X + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const top = a[y0 * w + x0]! * (1 - tx) + a[y0 * w + x1]! * tx;
      const bottom = a[y1 * w + x0]! * (1 - tx) + a[y1 * w + x1]! * tx;
      out[Y * W + X] = top * (1 - ty) + bottom * ty;
    }
  }
  return out;
}

/**
 * The matte at SCALE× the analysis size with its edge over the head re-estimated from `rgb`
 * (the source, `width`×`height`), or the analysis matte itself when there is no face to place
 * the head by or the source has no more pixels than the analysis.
 */
export async function hairMatte(
  alpha: Float32Array,
  aw: number,
  ah: number,
  rgb: Buffer,
  width: number,
  height: number,
  face: Box | null,
): Promise<Matte> {
  const same: Matte = { alpha, alphaWidth: aw, alphaHeight: ah };
  if (!face) return same;
  const W = aw * SCALE;
  const H = ah * SCALE;
  const out = upsampleBilinear(alpha, aw, ah, W, H);
  // The head: above the mouth, within half a face width either side (face in analysis pixels × SCALE).
  const x0 = Math.max(0, Math.floor((face.x - face.width * 0.5) * SCALE));
  const x1 = Math.min(W, Math.ceil((face.x + face.width * 1.5) * SCALE));
  const y1 = Math.min(H, Math.ceil((face.y + face.height * 0.6) * SCALE));
  if (x0 < x1 && y1 > 0) await reestimateHead(out, W, H, { x0, x1, y1 }, rgb, width, height);
  // Back to the analysis size, which every reader of the matte expects: the rounded outline
  // survives as part-covered pixels, which the render's bilinear sampling draws smoothly.
  const small = new Float32Array(aw * ah);
  for (let y = 0; y < ah; y++)
    for (let x = 0; x < aw; x++) {
      const i = y * SCALE * W + x * SCALE;
      small[y * aw + x] = (out[i]! + out[i + 1]! + out[i + W]! + out[i + W + 1]!) / 4;
    }
  return { alpha: small, alphaWidth: aw, alphaHeight: ah };
}

/**
 * Rewrites `up` (the matte at W×H) over the head's rows [0, y1) and columns [x0, x1). Everything
 * is computed on a window of the photo reaching as far around the head as the blurs read, so the
 * values are those of blurring the whole photo (to float rounding; on the corpus, bit for bit) at
 * a fraction of the cost: the head is a tenth of a half-body photo or less.
 */
async function reestimateHead(
  up: Float32Array,
  W: number,
  H: number,
  head: { x0: number; x1: number; y1: number },
  rgb: Buffer,
  width: number,
  height: number,
): Promise<void> {
  const sigma = Math.max(W, H) / 100;
  const bandSigma = SCALE * 0.8;
  const win = blurWindow({ x0: head.x0, y0: 0, x1: head.x1, y1: head.y1 }, W, H, sigma, bandSigma);
  const left = win.x0;
  const ww = win.x1 - left;
  const wh = win.y1;
  const img = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(W, H, { kernel: 'lanczos3', fit: 'fill' })
    .extract({ left, top: 0, width: ww, height: wh })
    .raw()
    .toBuffer();
  const n = ww * wh;
  const matte = new Float32Array(n);
  for (let y = 0; y < wh; y++) matte.set(up.subarray(y * W + left, y * W + left + ww), y * ww);
  // Confident hair and confident old backdrop; their local mean colours by normalised convolution.
  const fg = new Float32Array(n);
  const bg = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    fg[i] = matte[i]! > 0.97 ? 1 : 0;
    bg[i] = matte[i]! < 0.03 ? 1 : 0;
  }
  // Read only on the rim, a thin part of the window.
  const fgW = gaussBlurReader(fg, ww, wh, sigma);
  const bgW = gaussBlurReader(bg, ww, wh, sigma);
  const fgC: Array<(x: number, y: number) => number> = [];
  const bgC: typeof fgC = [];
  for (let c = 0; c < 3; c++) {
    const fc = new Float32Array(n);
    const bc = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const v = img[i * 3 + c]! / 255;
      fc[i] = v * fg[i]!;
      bc[i] = v * bg[i]!;
    }
    fgC.push(gaussBlurReader(fc, ww, wh, sigma));
    bgC.push(gaussBlurReader(bc, ww, wh, sigma));
  }
  // The segmenter's staircase, rounded: the 0.5 level of the matte blurred over one analysis
  // pixel is a smooth curve through the steps' middles; a smoothstep gives it back its edge.
  const band = gaussBlur(matte, ww, wh, bandSigma);
  for (let y = 0; y < head.y1; y++) {
    for (let x = head.x0; x < head.x1; x++) {
      const i = y * ww + x - left;
      const b = band[i]!;
      if (b <= 0.002 || b >= 0.998) continue;
      let a = smoothstep(0.25, 0.75, b);
      // The rim: part-covered pixels that still have the old backdrop's colour are lowered to
      // the share of hair their colour shows (never raised, so no hole can open in the hair).
      const wx = x - left;
      const fw = a < 0.95 ? fgW(wx, y) : 0;
      const bw = fw >= 0.05 ? bgW(wx, y) : 0;
      if (bw >= 0.05) {
        let dot = 0;
        let len = 0;
        for (let c = 0; c < 3; c++) {
          const F = fgC[c]!(wx, y) / fw;
          const B = bgC[c]!(wx, y) / bw;
          dot += (img[i * 3 + c]! / 255 - B) * (F - B);
          len += (F - B) ** 2;
        }
        const trust = smoothstep(0.06, 0.16, Math.sqrt(len / 3)) * (1 - smoothstep(0.6, 0.95, a));
        if (trust > 0) a = Math.min(a, a + (clamp01(dot / len) - a) * trust);
      }
      up[y * W + x] = a;
    }
  }
}

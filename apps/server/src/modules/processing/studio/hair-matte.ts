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
import { clamp01, gaussBlur, smoothstep } from './planes.js';
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
  const img = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(W, H, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer();
  const up = upsampleBilinear(alpha, aw, ah, W, H);
  const n = W * H;
  // Confident hair and confident old backdrop; their local mean colours by normalised convolution.
  const fg = new Float32Array(n);
  const bg = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    fg[i] = up[i]! > 0.97 ? 1 : 0;
    bg[i] = up[i]! < 0.03 ? 1 : 0;
  }
  const sigma = Math.max(W, H) / 100;
  const fgW = gaussBlur(fg, W, H, sigma);
  const bgW = gaussBlur(bg, W, H, sigma);
  const fgC: Float32Array[] = [];
  const bgC: Float32Array[] = [];
  for (let c = 0; c < 3; c++) {
    const f = new Float32Array(n);
    const b = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const v = img[i * 3 + c]! / 255;
      f[i] = v * fg[i]!;
      b[i] = v * bg[i]!;
    }
    fgC.push(gaussBlur(f, W, H, sigma));
    bgC.push(gaussBlur(b, W, H, sigma));
  }
  // The head: above the mouth, within half a face width either side (face in analysis pixels × SCALE).
  const k = SCALE;
  const headBottom = (face.y + face.height * 0.6) * k;
  const headLeft = (face.x - face.width * 0.5) * k;
  const headRight = (face.x + face.width * 1.5) * k;
  // The segmenter's staircase, rounded: the 0.5 level of the matte blurred over one analysis
  // pixel is a smooth curve through the steps' middles; a smoothstep gives it back its edge.
  const band = gaussBlur(up, W, H, SCALE * 0.8);
  const out = up.slice();
  for (let y = 0; y < Math.min(H, headBottom); y++) {
    for (let x = Math.max(0, Math.floor(headLeft)); x < Math.min(W, headRight); x++) {
      const i = y * W + x;
      const b = band[i]!;
      if (b <= 0.002 || b >= 0.998) continue;
      let a = smoothstep(0.25, 0.75, b);
      // The rim: part-covered pixels that still have the old backdrop's colour are lowered to
      // the share of hair their colour shows (never raised, so no hole can open in the hair).
      if (a < 0.95 && fgW[i]! >= 0.05 && bgW[i]! >= 0.05) {
        let dot = 0;
        let len = 0;
        for (let c = 0; c < 3; c++) {
          const F = fgC[c]![i]! / fgW[i]!;
          const B = bgC[c]![i]! / bgW[i]!;
          dot += (img[i * 3 + c]! / 255 - B) * (F - B);
          len += (F - B) ** 2;
        }
        const trust = smoothstep(0.06, 0.16, Math.sqrt(len / 3)) * (1 - smoothstep(0.6, 0.95, a));
        if (trust > 0) a = Math.min(a, a + (clamp01(dot / len) - a) * trust);
      }
      out[i] = a;
    }
  }
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

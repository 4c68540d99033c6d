/**
 * An outdoor background far out of focus, as a portrait lens at f/2 renders a park: a blurred
 * field of foliage (deep shade, sunlit leaves, a few warm gaps where the sun comes through) with
 * layers of soft discs where highlights are defocused — many small faint ones far away, a few big
 * faint ones close to the lens. Everything is drawn at a fraction of the output size (nothing in it
 * is sharp) and scaled up in float, which keeps a 2048 px backdrop cheap.
 */
import { valueNoise } from './noise.js';
import { clamp01, gaussBlur, smoothstep, type Rgb } from './planes.js';
import type { Random } from './seeded-random.js';
import { freshPlanes, type Alloc } from './scratch.js';

type Colour = [number, number, number];

export type BokehPalette = {
  /** Sunlit foliage (the style's first colour). */
  light: Colour;
  /** Foliage in shade (the second). */
  shade: Colour;
  /** Sun through the leaves, and the tint of the brightest discs (the third, else warm cream). */
  highlight: Colour;
};

/** The long side the backdrop is drawn at before scaling up. */
const WORK_LONG_SIDE = 560;

function mix(a: Colour, b: Colour, t: number): Colour {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/**
 * The foliage field: light falls off along `angle` (towards where the light comes from is
 * brighter), broken into clumps of leaves by noise at a few scales. Returns the colour plane and
 * the brightness (0..1) used to place the discs where light gets through.
 */
function foliage(w: number, h: number, p: BokehPalette, angle: number, random: Random) {
  const big = valueNoise(w, h, 3, random);
  const mid = valueNoise(w, h, 7, random);
  const small = valueNoise(w, h, 16, random);
  const rad = (angle * Math.PI) / 180;
  const [dx, dy] = [Math.cos(rad), Math.sin(rad)];
  // Deep shade is darker and a little cooler than the leaves around it (skylight, no sun).
  const deep: Colour = [p.shade[0] * 0.5, p.shade[1] * 0.58, p.shade[2] * 0.7];
  // Ramp stops: deep shade, shade, sunlit leaves, sun through the leaves.
  const stops: [number, Colour][] = [
    [0, deep],
    [0.38, p.shade],
    [0.7, p.light],
    [1, mix(p.light, p.highlight, 0.85)],
  ];
  // A few distant tree trunks: soft dark vertical bands, fading out towards the canopy.
  const trunks = new Float32Array(w);
  for (let t = 0, count = 2 + Math.floor(random.next() * 3); t < count; t++) {
    const cx = random.range(0.05, 0.95) * w;
    const half = random.range(0.012, 0.03) * w;
    const depth = random.range(0.12, 0.25);
    for (let x = 0; x < w; x++)
      trunks[x] = Math.max(trunks[x]!, depth * (1 - smoothstep(half * 0.5, half * 1.6, Math.abs(x - cx))));
  }
  const data = new Float32Array(w * h * 3);
  const light = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const v = y / (h - 1) - 0.5;
    const trunkFade = smoothstep(0.1, 0.55, y / (h - 1));
    for (let x = 0; x < w; x++) {
      const u = x / (w - 1) - 0.5;
      const i = y * w + x;
      // 1 towards the light, 0 away from it.
      const along = 0.5 - (u * dx + v * dy) * 0.9;
      const f = clamp01(
        along * 0.7 + 0.17 + big[i]! * 0.3 + mid[i]! * 0.22 + small[i]! * 0.12 - trunks[x]! * trunkFade,
      );
      light[i] = f;
      let k = 1;
      while (k < stops.length - 1 && f > stops[k]![0]) k++;
      const [f0, a] = stops[k - 1]!;
      const [f1, b] = stops[k]!;
      const t = (f - f0) / (f1 - f0);
      data[i * 3] = a[0] + (b[0] - a[0]) * t;
      data[i * 3 + 1] = a[1] + (b[1] - a[1]) * t;
      data[i * 3 + 2] = a[2] + (b[2] - a[2]) * t;
    }
  }
  return { data, light };
}

type Layer = { count: number; radius: [number, number]; opacity: [number, number] };

/** Far to near: smaller, crisper and brighter far away; large and faint next to the lens. */
const LAYERS: Layer[] = [
  { count: 46, radius: [0.012, 0.026], opacity: [0.22, 0.5] },
  { count: 16, radius: [0.03, 0.055], opacity: [0.14, 0.3] },
  { count: 5, radius: [0.075, 0.12], opacity: [0.05, 0.11] },
];

/** Adds one layer of defocused highlights (screen blend), placed mostly where light gets through. */
function discs(
  img: Float32Array,
  light: Float32Array,
  w: number,
  h: number,
  p: BokehPalette,
  layer: Layer,
  random: Random,
) {
  const long = Math.max(w, h);
  for (let n = 0, tries = 0; n < layer.count && tries < layer.count * 20; tries++) {
    const cx = random.range(-0.05, 1.05) * w;
    const cy = random.range(-0.05, 1.05) * h;
    const at = light[Math.min(h - 1, Math.max(0, cy | 0)) * w + Math.min(w - 1, Math.max(0, cx | 0))]!;
    if (random.next() > at * at * 1.3) continue;
    n++;
    const r = random.range(layer.radius[0], layer.radius[1]) * long;
    const opacity = random.range(layer.opacity[0], layer.opacity[1]) * (0.6 + 0.5 * at);
    // A disc takes the colour of the light behind it: warm where the sun is, leafy elsewhere.
    const o = ((Math.min(h - 1, Math.max(0, cy | 0)) * w + Math.min(w - 1, Math.max(0, cx | 0))) * 3) | 0;
    const under: Colour = [img[o]!, img[o + 1]!, img[o + 2]!];
    const tone = mix(mix(under, [1, 1, 1], 0.3), p.highlight, random.range(0.2, 0.8) * at * at);
    const edge = Math.max(1, r * 0.07);
    const x0 = Math.max(0, Math.floor(cx - r - 1));
    const x1 = Math.min(w - 1, Math.ceil(cx + r + 1));
    const y0 = Math.max(0, Math.floor(cy - r - 1));
    const y1 = Math.min(h - 1, Math.ceil(cy + r + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d > r + edge) continue;
        // Soft rim, a touch brighter than the middle, as a real lens's out-of-focus discs are.
        const inside = 1 - smoothstep(r - edge, r + edge, d);
        const k = opacity * inside * (0.9 + 0.16 * smoothstep(0.7 * r, r, d));
        const q = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) img[q + c] = 1 - (1 - img[q + c]!) * (1 - tone[c]! * k);
      }
    }
  }
}

/** Renders the bokeh background at `width`×`height`, into a plane from `alloc`. */
export function renderBokeh(
  palette: BokehPalette,
  angle: number,
  width: number,
  height: number,
  random: Random,
  alloc: Alloc = freshPlanes,
): Rgb {
  const s = Math.min(1, WORK_LONG_SIDE / Math.max(width, height));
  const w = Math.max(8, Math.round(width * s));
  const h = Math.max(8, Math.round(height * s));
  const field = foliage(w, h, palette, angle, random);
  // The field is out of focus too: no clump of leaves keeps an edge.
  const planes = [0, 1, 2].map((c) => {
    const ch = new Float32Array(w * h);
    for (let i = 0; i < ch.length; i++) ch[i] = field.data[i * 3 + c]!;
    return gaussBlur(ch, w, h, Math.max(w, h) * 0.012);
  });
  const img = new Float32Array(w * h * 3);
  for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) img[i * 3 + c] = planes[c]![i]!;
  for (const layer of LAYERS) discs(img, field.light, w, h, palette, layer, random);
  return { width, height, data: upscale(img, w, h, width, height, alloc(width * height * 3, true)) };
}

/**
 * Bilinear scaling of an interleaved RGB image up to `width`×`height`, in float (no banding), into
 * `out`, every value of which it writes.
 */
function upscale(
  img: Float32Array,
  w: number,
  h: number,
  width: number,
  height: number,
  out: Float32Array,
): Float32Array {
  const sx = w / width;
  const sy = h / height;
  const x0s = new Int32Array(width);
  const txs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    x0s[x] = Math.min(w - 2, fx | 0);
    txs[x] = fx - x0s[x]!;
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.min(h - 2, fy | 0);
    const ty = fy - y0;
    const r0 = y0 * w * 3;
    const r1 = r0 + w * 3;
    let o = y * width * 3;
    for (let x = 0; x < width; x++) {
      const a = r0 + x0s[x]! * 3;
      const b = r1 + x0s[x]! * 3;
      const tx = txs[x]!;
      for (let c = 0; c < 3; c++, o++) {
        const top = img[a + c]! + (img[a + 3 + c]! - img[a + c]!) * tx;
        const bottom = img[b + c]! + (img[b + 3 + c]! - img[b + c]!) * tx;
        out[o] = top + (bottom - top) * ty;
      }
    }
  }
  return out;
}

/**
 * The backdrop behind the subject, made to read as a lit studio backdrop rather than a flat fill:
 * the style's colour or gradient, a soft pool of light behind the head falling off towards the
 * corners, and a faint low-frequency mottle like a painted canvas. An image backdrop (a team's
 * brand backdrop) is defocused as a lens at portrait aperture would.
 */
import sharp from 'sharp';
import { fromBytes, type Rgb } from './planes.js';
import { renderBokeh, type BokehPalette } from './bokeh.js';
import { valueNoiseRows } from './noise.js';
import type { Random } from './seeded-random.js';
import { freshPlanes, type Alloc } from './scratch.js';

export type BackdropSpec = {
  kind: 'solid' | 'gradient' | 'image' | 'bokeh';
  colors: string[];
  angle?: number;
};

const NEUTRAL: [number, number, number] = [0.5, 0.5, 0.5];

export function parseColour(value: unknown): [number, number, number] | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(value ?? '').trim());
  if (!m) return null;
  return [parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255];
}

/**
 * The style's gradient a row at a time: the function returned writes row y's colours into `into`
 * and returns false, or, when the row is one colour, writes only its first pixel and returns true.
 * The lighting pass below reads each row once, so the bare gradient needs no plane.
 */
function gradientRows(spec: BackdropSpec, width: number, height: number) {
  const colours = spec.colors.map(parseColour).filter((c): c is [number, number, number] => c !== null);
  const stops = colours.length ? colours : [NEUTRAL];
  const rad = ((spec.kind === 'gradient' ? (spec.angle ?? 90) : 90) * Math.PI) / 180;
  const [dx, dy] = [Math.cos(rad), Math.sin(rad)];
  const span = 0.5 * (Math.abs(dx) + Math.abs(dy));
  const across = new Float64Array(width);
  for (let x = 0; x < width; x++) across[x] = (x / (width - 1 || 1) - 0.5) * dx;
  // Each stop with the step to the next one (none after the last), flat for the pixel loop.
  const last = stops.length - 1;
  const flat = new Float64Array(stops.length * 6);
  stops.forEach((a, i) => {
    const b = stops[Math.min(last, i + 1)]!;
    flat.set([a[0], a[1], a[2], b[0] - a[0], b[1] - a[1], b[2] - a[2]], i * 6);
  });
  const colourAt = (along: number, into: Float32Array, o: number) => {
    const t = Math.min(1, Math.max(0, (along / span + 1) / 2));
    const pos = t * last;
    const i = last === 0 ? 0 : Math.min(last - 1, Math.floor(pos));
    const f = last === 0 ? 0 : pos - i;
    const s = i * 6;
    into[o] = flat[s]! + flat[s + 3]! * f;
    into[o + 1] = flat[s + 1]! + flat[s + 4]! * f;
    into[o + 2] = flat[s + 2]! + flat[s + 5]! * f;
  };
  return (y: number, into: Float32Array): boolean => {
    const down = (y / (height - 1 || 1) - 0.5) * dy;
    // A vertical gradient's `across` is ~1e-16 (cos 90°): it vanishes in the sum on some rows.
    // Float addition is monotone, so if it does at both ends of the row it does all along it,
    // and every pixel gets the colour of `down` alone.
    if (across[0]! + down === down && across[width - 1]! + down === down) {
      colourAt(down, into, 0);
      return true;
    }
    // Elsewhere the sum takes a few values only (`down` and its neighbouring floats, in runs
    // along the row): each is worked out once and copied along its run.
    let along = NaN;
    for (let x = 0, o = 0; x < width; x++, o += 3) {
      const next = across[x]! + down;
      if (next === along) {
        into[o] = into[o - 3]!;
        into[o + 1] = into[o - 2]!;
        into[o + 2] = into[o - 1]!;
        continue;
      }
      along = next;
      colourAt(along, into, o);
    }
    return false;
  };
}

async function imageBackdrop(image: Buffer, width: number, height: number, alloc: Alloc): Promise<Rgb> {
  const { data } = await sharp(image)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
    .blur(Math.max(1, width / 220))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, data: fromBytes(data, width, height, 3, alloc(width * height * 3, true)) };
}

/** The bokeh palette from the style's colours: sunlit foliage, shade, then the warm highlight. */
function bokehPalette(spec: BackdropSpec): BokehPalette {
  const [light, shade, highlight] = spec.colors.map(parseColour);
  return {
    light: light ?? [0.62, 0.78, 0.55],
    shade: shade ?? [0.25, 0.42, 0.23],
    highlight: highlight ?? [1, 0.93, 0.76],
  };
}

/**
 * How far a brand backdrop takes on the style's colour: enough that two styles over one brand
 * image read as two looks (a warm office, a cool studio), little enough that the brand's own
 * colours stay recognisable.
 */
export const BRAND_TINT = 0.28;

/**
 * Washes an image backdrop with the style's mean backdrop colour at `share`, its brightness kept
 * (each pixel times the colour scaled to unit luma), so the style's palette falls on the brand.
 */
export function tintTowards(img: Rgb, spec: BackdropSpec, share: number): Rgb {
  const colours = spec.colors.map(parseColour).filter((c): c is [number, number, number] => c !== null);
  if (!colours.length) return img;
  const mean = [0, 1, 2].map((k) => colours.reduce((sum, c) => sum + c[k]!, 0) / colours.length);
  const l = Math.max(0.05, 0.2126 * mean[0]! + 0.7152 * mean[1]! + 0.0722 * mean[2]!);
  const f = mean.map((c) => 1 - share + share * (c / l));
  const { data } = img;
  for (let i = 0; i < data.length; i += 3) {
    data[i] = Math.min(1, data[i]! * f[0]!);
    data[i + 1] = Math.min(1, data[i + 1]! * f[1]!);
    data[i + 2] = Math.min(1, data[i + 2]! * f[2]!);
  }
  return img;
}

export type BackdropLight = {
  /** Centre of the light pool, in output pixels (behind the head). */
  x: number;
  y: number;
  /** Extra brightness at its centre (0.2 = +20%). */
  strength: number;
};

/**
 * Renders the backdrop at `width`×`height`, in a plane from `alloc` whatever its kind: a render's
 * full-size planes come from its scratch (scratch.ts), and a fresh one here would add a plane to
 * the render's peak.
 */
export async function renderBackdrop(
  spec: BackdropSpec,
  width: number,
  height: number,
  light: BackdropLight,
  random: Random,
  image?: Buffer | null,
  alloc: Alloc = freshPlanes,
): Promise<Rgb> {
  const useImage = image ?? null;
  const bokeh = !useImage && spec.kind === 'bokeh';
  const gradient = useImage || bokeh ? null : gradientRows(spec, width, height);
  const base = useImage
    ? tintTowards(await imageBackdrop(useImage, width, height, alloc), spec, BRAND_TINT)
    : bokeh
      ? renderBokeh(bokehPalette(spec), spec.angle ?? 160, width, height, random, alloc)
      : { width, height, data: alloc(width * height * 3, true) };
  // A gradient's row is made into this buffer (in cache) and lit into `base` in one go.
  const row = new Float32Array(width * 3);
  // A painted canvas mottles; a brand image or a defocused park has its own texture.
  const mottle = useImage || bokeh ? 0 : 1;
  const coarse = bokeh ? null : valueNoiseRows(width, height, 5, random);
  const fine = bokeh ? null : valueNoiseRows(width, height, 13, random);
  const sigma = 0.55 * Math.max(width, height);
  // The pool's Gaussian and the corners' radius separate into a factor per column and per row.
  const poolX = new Float64Array(width);
  const uu = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const dx = x - light.x;
    poolX[x] = light.strength * Math.exp(-(dx * dx) / (2 * sigma * sigma));
    const u = x / width - 0.5;
    uu[x] = u * u;
  }
  const rowLight: RowLight = { poolX, uu, poolY: 0, vv: 0, mottle, noise: null };
  for (let y = 0; y < height; y++) {
    const dy = (y - light.y) * 0.8;
    rowLight.poolY = Math.exp(-(dy * dy) / (2 * sigma * sigma));
    const v = y / height - 0.5;
    rowLight.vv = v * v;
    rowLight.noise =
      coarse && fine
        ? {
            coarseTop: coarse.top,
            coarseBottom: coarse.bottom,
            coarseTy: coarse.band(y),
            fineTop: fine.top,
            fineBottom: fine.bottom,
            fineTy: fine.band(y),
          }
        : null;
    if (!gradient) lightRow(base.data, y * width * 3, base.data, y * width * 3, 3, width, rowLight);
    else {
      // A row of one colour is read from its first pixel all along.
      const flatRow = gradient(y, row);
      lightRow(base.data, y * width * 3, row, 0, flatRow ? 0 : 3, width, rowLight);
    }
  }
  return base;
}

const NO_NOISE = {
  coarseTop: new Float64Array(0),
  coarseBottom: new Float64Array(0),
  coarseTy: 0,
  fineTop: new Float64Array(0),
  fineBottom: new Float64Array(0),
  fineTy: 0,
};

/** The backdrop's light on one row: the pool's and the corners' factors, and the mottle's noise. */
type RowLight = {
  poolX: Float64Array;
  poolY: number;
  uu: Float64Array;
  vv: number;
  mottle: number;
  /** The mottle's two noise rows as `valueNoiseRows.band` leaves them, or none. */
  noise: {
    coarseTop: Float64Array;
    coarseBottom: Float64Array;
    coarseTy: number;
    fineTop: Float64Array;
    fineBottom: Float64Array;
    fineTy: number;
  } | null;
};

/**
 * Lights one row: `width` pixels of `src` from index `s` (advancing by `step`: 0 reads one colour
 * all along) into `out` from index `o`. A function of its own, called per row, so V8 optimises it
 * once instead of replacing a frame-long loop mid-way on every render.
 */
function lightRow(
  out: Float32Array,
  o: number,
  src: Float32Array,
  s: number,
  step: number,
  width: number,
  l: RowLight,
): void {
  const { poolX, poolY, uu, vv, mottle, noise } = l;
  const f = Math.fround;
  // The noise's fields in locals (read once, not per pixel); zeros stand in when there is none.
  const n = noise ?? NO_NOISE;
  const [ct, cb, cty, ft, fb, fty] = [
    n.coarseTop,
    n.coarseBottom,
    n.coarseTy,
    n.fineTop,
    n.fineBottom,
    n.fineTy,
  ];
  const withNoise = noise !== null;
  for (let x = 0; x < width; x++, o += 3, s += step) {
    const pool = poolX[x]! * poolY;
    // Falloff towards the corners, as light on a backdrop a couple of metres behind the sitter.
    const corner = 0.14 * Math.min(1, (uu[x]! + vv) * 2.2);
    // The noise rows read as `valueNoiseRows.row` would give them (rounded to float).
    const gain =
      1 +
      pool -
      corner +
      (withNoise
        ? mottle *
          (0.045 * f(ct[x]! * (1 - cty) + cb[x]! * cty) + 0.018 * f(ft[x]! * (1 - fty) + fb[x]! * fty))
        : 0);
    out[o] = src[s]! * gain;
    out[o + 1] = src[s + 1]! * gain;
    out[o + 2] = src[s + 2]! * gain;
  }
}

/**
 * Renders one studio portrait from an analysed photo: frame the face per the style, scale the
 * frame up to the output size (lanczos), feather the matte at that size, clean its edge colours,
 * match the light to the new backdrop, cast a soft shadow, composite with a light wrap, grade,
 * add grain, sharpen a touch (sharpen.ts) and encode a JPEG. Deterministic for a given seed.
 */
import sharp from 'sharp';
import type { PhotoAnalysis } from './analyse-photo.js';
import { renderBackdrop, type BackdropSpec } from './backdrop.js';
import { castShadow, composite, matchLight } from './compose.js';
import { decontaminate } from './decontaminate.js';
import { plausibleFace } from './face-check.js';
import { checkFrame, frameCrop, leastFrameHeight, outputSize, type Box, type Framing } from './framing.js';
import { gradingRows, readGrading } from './grading.js';
import { UNIT_OF_BYTE, type Rgb } from './planes.js';
import { finishMask } from './refine-mask.js';
import { retouchSkin } from './retouch.js';
import { sharpenToBytes } from './sharpen.js';
import { renderScratch, type Alloc, type RenderScratch } from './scratch.js';
import { seededRandom } from './seeded-random.js';

export type Look = {
  framing: Framing;
  aspect: string;
  backdrop: BackdropSpec | null;
  grading: unknown;
};

export type RenderOptions = {
  look: Look;
  seed: string;
  /** Output long side in pixels. */
  longSide: number;
  /** A team's brand backdrop image; replaces the style's backdrop. */
  brandBackdrop?: Buffer | null;
  /** The upload checks' face box (source pixels), used when detection finds none now. */
  storedFace?: Box | null;
  /**
   * The key light's side (-1 left, 1 right). By default the seed draws it; a style's variants
   * alternate it (studio-provider.ts), so two portraits of one style are never lit alike.
   */
  lightSide?: -1 | 1;
  /** A slightly wider crop than the style's (its variants alternate it, studio-provider.ts). */
  wider?: boolean;
};

/**
 * The portrait's JPEG. No optimised Huffman tables: libjpeg needs the whole image's coefficients
 * in memory to build them (~35 MB at 2048 px, on top of the render's planes at the studio
 * thread's peak), and they make a portrait only ~3 % smaller; the decoded pixels are the same.
 */
export const PORTRAIT_JPEG = { quality: 90, chromaSubsampling: '4:4:4', optimiseCoding: false } as const;

/** How much taller (and wider) a wider variant's frame is than the style's own framing. */
export const WIDER_FRAME = 1.2;

export type RenderedPortrait = {
  jpeg: Buffer;
  width: number;
  height: number;
  params: Record<string, unknown>;
};

const DEFAULT_BACKDROP: BackdropSpec = { kind: 'gradient', colors: ['#8e9399', '#4f5358'], angle: 90 };

/**
 * The face to frame: detected, else stored, else a guess from the top of the matte; a box the
 * matte does not bear out (face-check.ts) is not used.
 */
function faceOf(
  a: PhotoAnalysis,
  stored: Box | null | undefined,
): { face: Box; eyes: { x: number; y: number } } {
  const s = a.alphaWidth / a.width;
  const believable = (b: Box) =>
    a.segmenter === 'none' || plausibleFace(b, a.alpha, a.alphaWidth, a.alphaHeight, s);
  if (a.face && a.eyes && believable(a.face)) return { face: a.face, eyes: a.eyes };
  const face = stored && believable(stored) ? stored : guessFace(a);
  return { face, eyes: { x: face.x + face.width / 2, y: face.y + face.height * 0.42 } };
}

function guessFace(a: PhotoAnalysis): Box {
  const { alphaWidth: w, alphaHeight: h, alpha } = a;
  let top = h;
  let minX = w;
  let maxX = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (alpha[y * w + x]! < 0.5) continue;
      top = Math.min(top, y);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
    }
  }
  const s = a.width / w;
  if (top >= h)
    return { x: a.width * 0.38, y: a.height * 0.15, width: a.width * 0.24, height: a.height * 0.3 };
  const size = Math.max(8, (maxX - minX) * 0.35) * s;
  return { x: ((minX + maxX) / 2) * s - size / 2, y: top * s + size * 0.15, width: size, height: size * 1.2 };
}

/** Bilinear sample of the analysis matte for each output pixel inside the placed source area. */
function sampleAlpha(
  a: PhotoAnalysis,
  out: { width: number; height: number },
  place: { ox: number; oy: number; dw: number; dh: number; ix: number; iy: number; iw: number; ih: number },
  alloc: Alloc,
): Float32Array {
  const alpha = alloc(out.width * out.height);
  const s = a.alphaWidth / a.width;
  const sx = (place.iw / place.dw) * s;
  const sy = (place.ih / place.dh) * s;
  for (let Y = 0; Y < place.dh; Y++) {
    const oy = Y + place.oy;
    if (oy < 0 || oy >= out.height) continue;
    const fy = Math.min(a.alphaHeight - 1, Math.max(0, place.iy * s + (Y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(a.alphaHeight - 1, y0 + 1);
    const ty = fy - y0;
    for (let X = 0; X < place.dw; X++) {
      const ox = X + place.ox;
      if (ox < 0 || ox >= out.width) continue;
      const fx = Math.min(a.alphaWidth - 1, Math.max(0, place.ix * s + (X + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(a.alphaWidth - 1, x0 + 1);
      const tx = fx - x0;
      const w = a.alphaWidth;
      const t00 = a.alpha[y0 * w + x0]!;
      const t01 = a.alpha[y0 * w + x1]!;
      const t10 = a.alpha[y1 * w + x0]!;
      const t11 = a.alpha[y1 * w + x1]!;
      // Four equal taps (the matte is 0 or 1 almost everywhere) interpolate to that value once
      // stored as a float: written without the arithmetic.
      if (t00 === t01 && t00 === t10 && t00 === t11) {
        alpha[oy * out.width + ox] = t00;
        continue;
      }
      const top = t00 * (1 - tx) + t01 * tx;
      const bottom = t10 * (1 - tx) + t11 * tx;
      alpha[oy * out.width + ox] = top * (1 - ty) + bottom * ty;
    }
  }
  return alpha;
}

function roundAll<T extends Record<string, number>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 1000) / 1000])) as T;
}

/**
 * Bytes [from, to) of `src` as 0..1 floats into `dst` from `at`. A function called per row, so V8
 * optimises it once for every render.
 */
function unitsOfBytes(src: Uint8Array, from: number, to: number, dst: Float32Array, at: number): void {
  for (let s = from, d = at; s < to; s++, d++) dst[d] = UNIT_OF_BYTE[src[s]!]!;
}

export async function renderPortrait(a: PhotoAnalysis, opts: RenderOptions): Promise<RenderedPortrait> {
  const scratch = renderScratch();
  try {
    return await render(a, opts, scratch);
  } finally {
    scratch.release();
  }
}

async function render(
  a: PhotoAnalysis,
  opts: RenderOptions,
  scratch: RenderScratch,
): Promise<RenderedPortrait> {
  const random = seededRandom(opts.seed);
  const { face, eyes } = faceOf(a, opts.storedFace);
  const { touches } = a;
  // The subject's size stays the style's (±2%); variants differ in placement and light instead.
  const zoom = random.range(0.98, 1.02);
  const shift = random.range(-0.06, 0.06);
  // Drawn even when given, so the draws after it (and so the rest of the portrait) stay the same.
  const drawnSide = random.next() < 0.5 ? -1 : 1;
  const lightSide = opts.lightSide ?? drawnSide;
  const out = outputSize(opts.look.aspect, opts.longSide);
  const crop = frameCrop({
    source: { width: a.width, height: a.height },
    face,
    eyes,
    touches,
    hairTop: a.hairTop,
    framing: opts.look.framing,
    aspect: opts.look.aspect,
    zoom,
    shift,
    minHeight: leastFrameHeight(opts.look.aspect),
    widen: opts.wider ? WIDER_FRAME : 1,
  });
  const k = out.width / crop.width;

  // The part of the photo inside the frame, scaled to its place on the output canvas.
  const ix = Math.max(0, crop.left);
  const iy = Math.max(0, crop.top);
  const iw = Math.min(a.width, crop.left + crop.width) - ix;
  const ih = Math.min(a.height, crop.top + crop.height) - iy;
  // Each edge is placed on its own (not an edge and a size), each axis with its own scale: the
  // integer crop's aspect is off the output's by a fraction of a pixel, which used to leave the
  // last two or three rows of a frame cut by the photo's edge as bare backdrop.
  const ky = out.height / crop.height;
  const ox = Math.round((ix - crop.left) * k);
  const oy = Math.round((iy - crop.top) * ky);
  const place = {
    ox,
    oy,
    dw: Math.max(1, Math.round((ix + iw - crop.left) * k) - ox),
    dh: Math.max(1, Math.round((iy + ih - crop.top) * ky) - oy),
    ix,
    iy,
    iw,
    ih,
  };
  // A small source was enlarged and sharpened once per photo (enlarge.ts): crop from that copy.
  const big = a.enlarged;
  const f = big ? big.factor : 1;
  const ex = Math.min(Math.round(ix * f), (big?.width ?? a.width) - 1);
  const ey = Math.min(Math.round(iy * f), (big?.height ?? a.height) - 1);
  const scaled = await sharp(big ? big.rgb : a.rgb, {
    raw: { width: big?.width ?? a.width, height: big?.height ?? a.height, channels: 3 },
  })
    .extract({
      left: ex,
      top: ey,
      width: Math.max(1, Math.min(Math.round(iw * f), (big?.width ?? a.width) - ex)),
      height: Math.max(1, Math.min(Math.round(ih * f), (big?.height ?? a.height) - ey)),
    })
    .resize(place.dw, place.dh, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer();
  const subject: Rgb = { ...out, data: scratch.floats(out.width * out.height * 3) };
  {
    // The placed area's columns that land on the canvas, the same for every row.
    const from = Math.max(0, -place.ox);
    const to = Math.min(place.dw, out.width - place.ox);
    for (let y = Math.max(0, -place.oy); y < place.dh && y + place.oy < out.height; y++)
      unitsOfBytes(
        scaled,
        (y * place.dw + from) * 3,
        (y * place.dw + to) * 3,
        subject.data,
        ((y + place.oy) * out.width + from + place.ox) * 3,
      );
  }

  const rawAlpha = sampleAlpha(a, out, place, scratch.floats);
  const edge = out.width / 1600;
  const alpha = finishMask(
    rawAlpha,
    out.width,
    out.height,
    Math.max(1, Math.round(edge * 1.5)),
    Math.max(1, edge * 1.6),
    scratch.floats,
  );
  // The unfinished matte's plane serves the graded luma below.
  if (alpha !== rawAlpha) scratch.done(rawAlpha);

  const faceOut: Box = {
    x: (face.x - crop.left) * k,
    y: (face.y - crop.top) * k,
    width: face.width * k,
    height: face.height * k,
  };
  const eyesOut = { x: (eyes.x - crop.left) * k, y: (eyes.y - crop.top) * k };
  const brand = opts.brandBackdrop ?? null;
  const backdrop = await renderBackdrop(
    opts.look.backdrop ?? DEFAULT_BACKDROP,
    out.width,
    out.height,
    // The backdrop's light falls from the key light's side.
    {
      x: eyesOut.x + lightSide * random.range(0.03, 0.1) * out.width,
      y: eyesOut.y,
      // A brand image has its own light; the style's pool still shows on it, more gently.
      strength: brand ? 0.12 : 0.2,
    },
    random,
    brand,
    scratch.floats,
  );

  decontaminate(subject, alpha, Math.max(2, out.width / 260), scratch.floats);
  const light = matchLight(subject, alpha, backdrop, faceOut, lightSide);
  const grading = readGrading(opts.look.grading);
  retouchSkin(subject, alpha, faceOut, grading.retouch);
  // A park is metres behind the sitter: nothing there catches her shadow.
  const distant = !brand && opts.look.backdrop?.kind === 'bokeh';
  if (!distant) castShadow(backdrop, alpha, 0.2);
  const gradedLuma = scratch.floats(out.width * out.height, true);
  const jitter = { warmth: random.range(-0.04, 0.04), contrast: random.range(-0.04, 0.04) };
  // Graded row by row as the composite finishes each (one pass over the frame, not two).
  const gradeRow = gradingRows(
    backdrop,
    { ...grading, warmth: grading.warmth + jitter.warmth, contrast: grading.contrast + jitter.contrast },
    { x: faceOut.x + faceOut.width / 2, y: faceOut.y + faceOut.height / 2 },
    random,
    gradedLuma,
  );
  const image = composite(subject, alpha, backdrop, 0.32, gradeRow);
  // The composite is in the backdrop's plane now: these two serve the sharpening's planes.
  scratch.done(subject.data, alpha);
  const bytes = sharpenToBytes(
    image,
    { sigma: Math.min(1.6, 0.6 + (k / f) * 0.2), m1: 0.4, m2: 1.2 },
    scratch,
    gradedLuma,
  );
  const jpeg = await sharp(bytes, {
    raw: { width: out.width, height: out.height, channels: 3 },
  })
    .jpeg(PORTRAIT_JPEG)
    .toBuffer();
  return {
    jpeg,
    width: out.width,
    height: out.height,
    params: {
      engine: 'studio',
      segmenter: a.segmenter,
      faceDetected: Boolean(a.face),
      crop,
      face: {
        x: Math.round(faceOut.x),
        y: Math.round(faceOut.y),
        width: Math.round(faceOut.width),
        height: Math.round(faceOut.height),
      },
      upscale: Math.round(k * 100) / 100,
      frame: roundAll(checkFrame(crop, face, eyes, a.hairTop)),
      enlarged: Math.round(f * 100) / 100,
      lightSide,
      retouch: grading.retouch,
      hairTop: a.hairTop === null ? null : Math.round(a.hairTop),
      padding: Math.round(a.padding * 1000) / 1000,
      zoom: Math.round(zoom * 1000) / 1000,
      wider: Boolean(opts.wider),
      shift: Math.round(shift * 1000) / 1000,
      exposureGain: Math.round(light.gain! * 1000) / 1000,
      skinCast: { g: Math.round(light.castG! * 1000) / 1000, b: Math.round(light.castB! * 1000) / 1000 },
      ...a.corrections,
      ...jitter,
    },
  };
}

/**
 * A preview image per seeded style, rendered from the public-domain sample portrait in
 * `assets/samples`: framed per the style, graded, tinted towards its backdrop and vignetted. It
 * shows the look, not a real result; the studio engine renders those.
 */
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import type { Backdrop, Grading, StyleSeed } from './catalog-styles.js';

export const SAMPLE_PORTRAIT = fileURLToPath(
  new URL('../../../assets/samples/astronaut.png', import.meta.url),
);

/** Width of a rendered preview in pixels. */
export const PREVIEW_WIDTH = 480;

// Where the face and shoulders sit in the 512×512 sample: the crop is centred on the face.
const FACE_CENTRE_X = 225;
const CROP_HEIGHT = { headshot: 300, half_body: 500 } as const;

function aspectRatio(aspect: string): number {
  const [w, h] = aspect.split(':').map(Number);
  return w && h ? w / h : 4 / 5;
}

function crop(style: StyleSeed, size: { width: number; height: number }) {
  const height = Math.min(CROP_HEIGHT[style.framing], size.height);
  const width = Math.min(Math.round(height * aspectRatio(style.aspect)), size.width);
  const left = Math.max(0, Math.min(size.width - width, Math.round(FACE_CENTRE_X - width / 2)));
  return { left, top: 0, width, height };
}

function clamp(n: number, lo = -1, hi = 1): number {
  return Math.max(lo, Math.min(hi, Number.isFinite(n) ? n : 0));
}

function escapeAttr(colour: string): string {
  return /^#[0-9a-fA-F]{3,8}$/.test(colour) ? colour : '#808080';
}

/** The backdrop as an SVG layer (a gradient along `angle`, or a flat colour). */
/** `#rrggbb` as the grey of the same luma (Rec. 601), for monochrome styles. */
function grey(colour: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return colour;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16)) as [number, number, number];
  const y = Math.round(0.299 * r + 0.587 * g + 0.114 * b)
    .toString(16)
    .padStart(2, '0');
  return `#${y}${y}${y}`;
}

function backdropSvg(backdrop: Backdrop, width: number, height: number): Buffer {
  const colours = backdrop.colors.length ? backdrop.colors.map(escapeAttr) : ['#808080'];
  const rad = ((backdrop.angle ?? 90) * Math.PI) / 180;
  const [x2, y2] = [50 + 50 * Math.cos(rad), 50 + 50 * Math.sin(rad)];
  const [x1, y1] = [100 - x2, 100 - y2];
  const stops = colours
    .map(
      (c, i) =>
        `<stop offset="${colours.length === 1 ? 0 : (i / (colours.length - 1)) * 100}%" stop-color="${c}"/>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="${x1}%" y1="${y1}%" x2="${x2}%" y2="${y2}%">${stops}</linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
}

function vignetteSvg(strength: number, width: number, height: number): Buffer {
  const edge = clamp(strength, 0, 1) * 0.75;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><radialGradient id="v" cx="50%" cy="42%" r="75%">` +
      `<stop offset="45%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="${edge}"/>` +
      `</radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`,
  );
}

/**
 * A rough, feathered silhouette of the sitter in the sample (head, shoulders, the helmet in front):
 * white where the person is. Outside it the style's backdrop replaces the studio behind her.
 */
function silhouetteSvg(size: { width: number; height: number }): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 512 512" preserveAspectRatio="none">` +
      `<defs><filter id="f"><feGaussianBlur stdDeviation="4"/></filter></defs>` +
      `<rect width="512" height="512" fill="#000"/><g fill="#fff" filter="url(#f)">` +
      `<ellipse cx="226" cy="102" rx="73" ry="89"/>` +
      `<path d="M172 160 L282 160 L306 188 L346 250 L364 330 L370 512 L20 512 L26 330 L62 252 L116 188 Z"/>` +
      `<ellipse cx="392" cy="440" rx="122" ry="100"/></g></svg>`,
  );
}

/** Renders the preview JPEG of `style`. */
export async function renderStylePreview(style: StyleSeed, source = SAMPLE_PORTRAIT): Promise<Buffer> {
  const g: Grading = style.grading;
  const meta = await sharp(source).metadata();
  const size = { width: meta.width ?? 512, height: meta.height ?? 512 };
  const box = crop(style, size);
  const height = Math.round(PREVIEW_WIDTH / aspectRatio(style.aspect));
  const frame = (img: Sharp) => img.extract(box).resize(PREVIEW_WIDTH, height, { fit: 'cover' });

  const warmth = clamp(g.warmth) * 0.12;
  const contrast = 1 + clamp(g.contrast) * 0.4;
  let graded = frame(sharp(source))
    .removeAlpha()
    .recomb([
      [1 + warmth, 0, 0],
      [0, 1, 0],
      [0, 0, 1 - warmth],
    ])
    .modulate({
      brightness: 1 + clamp(g.brightness) * 0.25,
      saturation: Math.max(0, 1 + clamp(g.saturation) * 0.6),
    })
    .linear(contrast, 128 * (1 - contrast));
  if (g.mono) graded = graded.grayscale().toColourspace('srgb');
  const base = await graded.png().toBuffer();

  // The backdrop, opaque outside the silhouette and fading to nothing over the person.
  const person = await frame(sharp(silhouetteSvg(size)))
    .extractChannel(0)
    .negate()
    .raw()
    .toBuffer();
  const colours = g.mono ? { ...style.backdrop, colors: style.backdrop.colors.map(grey) } : style.backdrop;
  // note: sharp applies removeAlpha after joinChannel, so the colour layer is made raw RGB first.
  const colour = await sharp(backdropSvg(colours, PREVIEW_WIDTH, height))
    .removeAlpha()
    .raw()
    .toBuffer();
  const backdropLayer = await sharp(colour, { raw: { width: PREVIEW_WIDTH, height, channels: 3 } })
    .joinChannel(person, { raw: { width: PREVIEW_WIDTH, height, channels: 1 } })
    .png()
    .toBuffer();

  return sharp(base)
    .composite([
      { input: backdropLayer, blend: 'over' },
      { input: vignetteSvg(g.vignette, PREVIEW_WIDTH, height), blend: 'over' },
    ])
    .jpeg({ quality: 82, progressive: true })
    .toBuffer();
}

import type { Backdrop, Grading } from '@photoshoot/contract';
import type { AdminStyle } from '../data/admin-types';

/**
 * A style as its form holds it (inputs' values) and the record body it saves as. Every editable
 * field of `styles` is here; `preview` goes with the body only when a file was chosen.
 */
export type StyleFormValues = {
  name: string;
  slug: string;
  description: string;
  category: string;
  framing: string;
  aspect: string;
  backdropKind: string;
  /** One to three `#rrggbb` colours, first to last. */
  backdropColors: string[];
  backdropAngle: string;
  grading: Required<Omit<Grading, 'mono'>> & { retouch: number; mono: boolean };
  prompt: string;
  negativePrompt: string;
  active: boolean;
  sortOrder: string;
  /** '' for everyone; a team id for that team's own style. */
  team: string;
};

export const GRADING_SLIDERS = [
  { key: 'warmth', label: 'Warmth', min: -1 },
  { key: 'saturation', label: 'Saturation', min: -1 },
  { key: 'contrast', label: 'Contrast', min: -1 },
  { key: 'brightness', label: 'Brightness', min: -1 },
  { key: 'vignette', label: 'Vignette', min: -1 },
  { key: 'grain', label: 'Grain', min: -1 },
  { key: 'retouch', label: 'Skin retouch', min: 0 },
] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

export function emptyStyleValues(sortOrder: number): StyleFormValues {
  return {
    name: '',
    slug: '',
    description: '',
    category: 'corporate',
    framing: 'headshot',
    aspect: '4:5',
    backdropKind: 'gradient',
    backdropColors: ['#8e9399', '#4f5358'],
    backdropAngle: '90',
    grading: {
      warmth: 0,
      saturation: 0,
      contrast: 0,
      brightness: 0,
      vignette: 0,
      grain: 0,
      retouch: 0,
      mono: false,
    },
    prompt: '',
    negativePrompt: '',
    active: true,
    sortOrder: String(sortOrder),
    team: '',
  };
}

export function styleToValues(s: AdminStyle): StyleFormValues {
  const g = (s.grading ?? {}) as Grading & { retouch?: number };
  const colors = (s.backdrop?.colors ?? []).filter((c) => HEX.test(c));
  return {
    name: s.name,
    slug: s.slug,
    description: s.description,
    category: s.category,
    framing: s.framing,
    aspect: s.aspect,
    backdropKind: s.backdrop?.kind ?? 'gradient',
    backdropColors: colors.length ? colors : ['#8e9399'],
    backdropAngle: String(num(s.backdrop?.angle, 90)),
    grading: {
      warmth: num(g.warmth),
      saturation: num(g.saturation),
      contrast: num(g.contrast),
      brightness: num(g.brightness),
      vignette: num(g.vignette),
      grain: num(g.grain),
      retouch: num(g.retouch),
      mono: g.mono === true,
    },
    prompt: s.prompt ?? '',
    negativePrompt: s.negativePrompt ?? '',
    active: s.active,
    sortOrder: String(s.sortOrder),
    team: s.team,
  };
}

/** `Corporate grey` → `corporate-grey`: a slug proposal while the operator has not typed one. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** What the browser can tell before saving; the server checks everything again. */
export function checkStyleValues(v: StyleFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = 'Give the style a name.';
  if (!v.slug) errors.slug = 'Give the style a slug.';
  else if (!SLUG.test(v.slug))
    errors.slug = 'Lower-case letters and digits, words joined by single hyphens (e.g. grey-studio).';
  if (!v.backdropColors.length || v.backdropColors.some((c) => !HEX.test(c)))
    errors.backdrop = 'Each colour must be a #rrggbb value.';
  const angle = Number(v.backdropAngle);
  if (v.backdropAngle.trim() === '' || !Number.isFinite(angle) || angle < 0 || angle > 360)
    errors.backdrop ??= 'The angle is a number of degrees from 0 to 360.';
  if (v.sortOrder.trim() === '' || !Number.isInteger(Number(v.sortOrder)))
    errors.sortOrder = 'The order is a whole number.';
  return errors;
}

/** The record body for create/update (the SDK sends it as multipart when a file is in it). */
export function valuesToBody(v: StyleFormValues, preview?: File | null): Record<string, unknown> {
  const backdrop: Backdrop = {
    kind: v.backdropKind,
    colors: v.backdropColors,
    angle: Number(v.backdropAngle),
  };
  return {
    name: v.name.trim(),
    slug: v.slug,
    description: v.description.trim(),
    category: v.category,
    framing: v.framing,
    aspect: v.aspect,
    backdrop,
    grading: { ...v.grading },
    prompt: v.prompt,
    negativePrompt: v.negativePrompt,
    active: v.active,
    sortOrder: Number(v.sortOrder),
    team: v.team,
    ...(preview ? { preview } : {}),
  };
}

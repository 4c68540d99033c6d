/**
 * The styles a fresh install starts with. Operators change or retire them later; the seed only
 * ever inserts a slug it has never seeded before (see seed-catalog.ts).
 */

export type Backdrop = { kind: 'solid' | 'gradient' | 'bokeh'; colors: string[]; angle?: number };
export type Grading = {
  /** -1 (cool) .. 1 (warm). */
  warmth: number;
  saturation: number;
  contrast: number;
  brightness: number;
  /** 0 (none) .. 1 (strong edge darkening). */
  vignette: number;
  mono?: boolean;
  /** 0 (off) .. 1: skin smoothing of the studio engine (retouch.ts); off where texture is the look. */
  retouch?: number;
};

export type StyleSeed = {
  slug: string;
  name: string;
  description: string;
  category: string;
  backdrop: Backdrop;
  grading: Grading;
  framing: 'headshot' | 'half_body';
  aspect: '1:1' | '4:5' | '3:4' | '2:3';
  prompt: string;
  sortOrder: number;
  /**
   * Earlier seeded descriptions that promised more than the studio engine renders: a row still
   * showing one (never edited by an operator) is given the current words on start.
   */
  rewordedFrom?: readonly string[];
};

const SUBJECT = 'portrait photograph of {subject}';

export const STYLE_SEEDS: readonly StyleSeed[] = [
  {
    slug: 'corporate-grey-studio',
    name: 'Corporate Grey Studio',
    description: 'The classic business headshot: mottled grey backdrop, soft key light, crisp and neutral.',
    category: 'corporate',
    backdrop: { kind: 'gradient', colors: ['#9a9fa5', '#55595e'], angle: 90 },
    grading: { warmth: 0, saturation: -0.1, contrast: 0.15, brightness: 0, vignette: 0.25, retouch: 0.35 },
    framing: 'headshot',
    aspect: '4:5',
    prompt: `professional corporate ${SUBJECT}, mottled grey studio backdrop, soft key light, business attire, 85mm, sharp focus`,
    sortOrder: 10,
  },
  {
    slug: 'executive-navy',
    name: 'Executive Navy',
    description: 'Deep navy backdrop and confident contrast for leadership pages and board profiles.',
    category: 'corporate',
    backdrop: { kind: 'solid', colors: ['#1c2b4a'] },
    grading: { warmth: 0.05, saturation: 0, contrast: 0.2, brightness: -0.02, vignette: 0.3, retouch: 0.3 },
    framing: 'headshot',
    aspect: '4:5',
    prompt: `executive ${SUBJECT}, solid deep navy backdrop, Rembrandt lighting, dark suit, confident expression`,
    sortOrder: 20,
  },
  {
    slug: 'warm-office',
    name: 'Warm Office',
    description: 'Warm caramel tones behind you and soft, warm light on you: approachable and professional.',
    rewordedFrom: ['A softly blurred modern office in warm afternoon light: approachable and professional.'],
    category: 'office',
    backdrop: { kind: 'gradient', colors: ['#d2ab86', '#7d5a43'], angle: 120 },
    grading: {
      warmth: 0.35,
      saturation: 0.05,
      contrast: 0.05,
      brightness: 0.03,
      vignette: 0.15,
      retouch: 0.35,
    },
    framing: 'half_body',
    aspect: '4:5',
    prompt: `${SUBJECT} in a modern office, shallow depth of field, warm window light, smart casual, friendly smile`,
    sortOrder: 30,
  },
  {
    slug: 'outdoor-bokeh',
    name: 'Outdoor Bokeh',
    description:
      'Soft green and golden out-of-focus light spots behind you: the colours of a park in summer.',
    rewordedFrom: ['Natural light with creamy green bokeh behind you, as if shot in a park on a bright day.'],
    category: 'outdoor',
    backdrop: { kind: 'bokeh', colors: ['#b3c68e', '#44603c', '#f6e2b0'], angle: 160 },
    grading: {
      warmth: 0.15,
      saturation: 0.05,
      contrast: 0.05,
      brightness: 0.04,
      vignette: 0.2,
      retouch: 0.3,
    },
    framing: 'half_body',
    aspect: '2:3',
    prompt: `outdoor ${SUBJECT}, park background with soft green bokeh, golden hour backlight, 105mm f/2`,
    sortOrder: 40,
  },
  {
    slug: 'creative-colour',
    name: 'Creative Colour',
    description: 'Bold pink-to-violet gradient and punchy colour for designers, artists and agencies.',
    category: 'creative',
    backdrop: { kind: 'gradient', colors: ['#ff6b9a', '#6a5cff'], angle: 45 },
    grading: { warmth: 0, saturation: 0.35, contrast: 0.2, brightness: 0.02, vignette: 0.1, retouch: 0.25 },
    framing: 'headshot',
    aspect: '1:1',
    prompt: `creative ${SUBJECT}, vivid pink to violet gradient backdrop, coloured gels, editorial styling`,
    sortOrder: 50,
  },
  {
    slug: 'black-white-classic',
    name: 'Black & White Classic',
    description: 'Timeless monochrome with deep shadows, the look of a studio portrait on film.',
    category: 'classic',
    backdrop: { kind: 'solid', colors: ['#2b2b2b'] },
    grading: {
      warmth: 0,
      saturation: -1,
      contrast: 0.3,
      brightness: 0,
      vignette: 0.35,
      mono: true,
      retouch: 0,
    },
    framing: 'headshot',
    aspect: '4:5',
    prompt: `black and white ${SUBJECT}, dark studio backdrop, dramatic side light, film grain, classic`,
    sortOrder: 60,
  },
  {
    slug: 'tech-startup',
    name: 'Tech Startup',
    description: 'Cool blue tones and a relaxed half-body framing for founders and engineering teams.',
    category: 'tech',
    backdrop: { kind: 'gradient', colors: ['#1f2a44', '#2f8fce'], angle: 135 },
    grading: { warmth: -0.15, saturation: 0.05, contrast: 0.1, brightness: 0.02, vignette: 0.15, retouch: 0 },
    framing: 'half_body',
    aspect: '4:5',
    prompt: `${SUBJECT} at a tech startup, blurred open-plan office with blue accents, casual shirt, natural smile`,
    sortOrder: 70,
  },
  {
    slug: 'medical-clinic',
    name: 'Medical Clinic',
    description: 'Clean, bright and calm: pale blue clinic tones that say trustworthy care.',
    category: 'medical',
    backdrop: { kind: 'gradient', colors: ['#eef5f8', '#b8d4e3'], angle: 90 },
    grading: { warmth: -0.05, saturation: -0.05, contrast: 0, brightness: 0.1, vignette: 0.05, retouch: 0.3 },
    framing: 'half_body',
    aspect: '3:4',
    prompt: `${SUBJECT} as a healthcare professional, bright clinic background, soft even light, white coat`,
    sortOrder: 80,
  },
  {
    slug: 'real-estate-friendly',
    name: 'Real Estate Friendly',
    description: 'Warm beige light and an open smile, made for listings, cards and agency sites.',
    category: 'real_estate',
    backdrop: { kind: 'gradient', colors: ['#f3e3c3', '#d9b98a'], angle: 100 },
    grading: { warmth: 0.25, saturation: 0.1, contrast: 0.05, brightness: 0.05, vignette: 0.1, retouch: 0.4 },
    framing: 'headshot',
    aspect: '4:5',
    prompt: `friendly ${SUBJECT}, warm beige interior background, bright natural light, welcoming smile, blazer`,
    sortOrder: 90,
  },
  {
    slug: 'soft-pastel-lifestyle',
    name: 'Soft Pastel Lifestyle',
    description: 'Airy pastel light for coaches, creators and personal brands.',
    category: 'lifestyle',
    backdrop: { kind: 'gradient', colors: ['#fde2e4', '#cddafd'], angle: 60 },
    grading: {
      warmth: 0.1,
      saturation: -0.05,
      contrast: -0.05,
      brightness: 0.08,
      vignette: 0,
      retouch: 0.45,
    },
    framing: 'half_body',
    aspect: '4:5',
    prompt: `lifestyle ${SUBJECT}, airy pastel background, soft diffused light, relaxed pose, light clothing`,
    sortOrder: 100,
  },
];

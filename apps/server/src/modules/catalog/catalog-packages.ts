/** The packages a fresh install sells. Prices are integer cents; operators adjust them later. */

export type PackageSeed = {
  slug: string;
  name: string;
  description: string;
  kind: 'individual' | 'team';
  priceCents: number;
  currency: string;
  stylesIncluded: number;
  imagesPerStyle: number;
  seats: number;
  /** How many one order may buy (per-seat packages); absent: exactly one. */
  maxQuantity?: number;
  turnaroundHours: number;
  features: string[];
  highlighted: boolean;
  sortOrder: number;
};

export const PACKAGE_SEEDS: readonly PackageSeed[] = [
  {
    slug: 'starter',
    name: 'Starter',
    description: 'One look, done well: a fresh profile picture.',
    kind: 'individual',
    priceCents: 2900,
    currency: 'usd',
    stylesIncluded: 1,
    imagesPerStyle: 10,
    seats: 0,
    turnaroundHours: 48,
    features: ['1 style', '10 portraits', 'Ready within 48 hours', '1 free redo round'],
    highlighted: false,
    sortOrder: 10,
  },
  {
    slug: 'professional',
    name: 'Professional',
    description: 'Three looks for your profile, website and press kit.',
    kind: 'individual',
    priceCents: 4900,
    currency: 'usd',
    stylesIncluded: 3,
    imagesPerStyle: 15,
    seats: 0,
    turnaroundHours: 24,
    features: ['3 styles', '45 portraits', 'Ready within 24 hours', '1 free redo round', 'Zip download'],
    highlighted: true,
    sortOrder: 20,
  },
  {
    slug: 'executive',
    name: 'Executive',
    description: 'Every occasion covered, delivered first.',
    kind: 'individual',
    priceCents: 8900,
    currency: 'usd',
    stylesIncluded: 6,
    imagesPerStyle: 25,
    seats: 0,
    turnaroundHours: 6,
    features: [
      '6 styles',
      '150 portraits',
      'Ready within 6 hours',
      '1 free redo round',
      'Zip download',
      'Priority queue',
    ],
    highlighted: false,
    sortOrder: 30,
  },
  {
    slug: 'team-5',
    name: 'Team 5',
    description: 'Consistent headshots for a small team.',
    kind: 'team',
    priceCents: 19900,
    currency: 'usd',
    stylesIncluded: 3,
    imagesPerStyle: 15,
    seats: 5,
    turnaroundHours: 24,
    features: [
      '5 seats',
      'Team styles and brand backdrop',
      'Invite by link',
      'Admin dashboard',
      'One zip for the whole team',
    ],
    highlighted: false,
    sortOrder: 110,
  },
  {
    slug: 'team-20',
    name: 'Team 20',
    description: 'A department or a growing company, one look.',
    kind: 'team',
    priceCents: 69900,
    currency: 'usd',
    stylesIncluded: 3,
    imagesPerStyle: 15,
    seats: 20,
    turnaroundHours: 24,
    features: [
      '20 seats',
      'Team styles and brand backdrop',
      'Invite by link',
      'Admin dashboard',
      'One zip for the whole team',
    ],
    highlighted: true,
    sortOrder: 120,
  },
  {
    slug: 'team-50',
    name: 'Team 50',
    description: 'Company-wide headshots with a single brand look.',
    kind: 'team',
    priceCents: 149900,
    currency: 'usd',
    stylesIncluded: 4,
    imagesPerStyle: 15,
    seats: 50,
    turnaroundHours: 48,
    features: [
      '50 seats',
      'Team styles and brand backdrop',
      'Invite by link',
      'Admin dashboard',
      'One zip for the whole team',
    ],
    highlighted: false,
    sortOrder: 130,
  },
  {
    slug: 'team-seat',
    name: 'Team seat',
    description: 'Exactly the seats you need, one at a time.',
    kind: 'team',
    priceCents: 4500,
    currency: 'usd',
    stylesIncluded: 3,
    imagesPerStyle: 15,
    seats: 1,
    maxQuantity: 100,
    turnaroundHours: 24,
    features: ['Per seat, 1 to 100', 'Team styles and brand backdrop', 'Invite by link', 'Admin dashboard'],
    highlighted: false,
    sortOrder: 140,
  },
];

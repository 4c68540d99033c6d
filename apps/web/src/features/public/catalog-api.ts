import type { RecordModel } from 'pocketbase';
import { FULL_LIST_BATCH, pb } from '../../lib/pb';

export type Style = RecordModel & {
  name: string;
  slug: string;
  description: string;
  category: string;
  preview: string;
  framing: 'headshot' | 'half_body';
  aspect: '1:1' | '4:5' | '3:4' | '2:3';
  backdrop: { kind?: string; colors?: string[]; angle?: number } | null;
  sortOrder: number;
  team: string;
};

export type Package = RecordModel & {
  name: string;
  slug: string;
  description: string;
  kind: 'individual' | 'team';
  priceCents: number;
  currency: string;
  stylesIncluded: number;
  imagesPerStyle: number;
  seats: number;
  turnaroundHours: number;
  features: string[] | null;
  highlighted: boolean;
  sortOrder: number;
};

/** The public style gallery (active, not a team's own); the list rule hides the rest anyway. */
export function fetchStyles(): Promise<Style[]> {
  return pb
    .collection('styles')
    .getFullList<Style>({ batch: FULL_LIST_BATCH, filter: "team = ''", sort: 'sortOrder,name' });
}

/** Active packages, both kinds, in display order. */
export function fetchPackages(): Promise<Package[]> {
  return pb
    .collection('packages')
    .getFullList<Package>({ batch: FULL_LIST_BATCH, sort: 'sortOrder,priceCents' });
}

export type PublicConfig = {
  appName: string;
  retention: { originalsDays: number; resultsDays: number };
  payments: { provider: string };
  /** `studio`: the built-in engine retouches your photos; `hosted`: a generative provider makes new ones. */
  engine?: { kind: 'studio' | 'hosted'; provider: string };
};

/** GET /api/public/config: the few settings every visitor may know (retention, payment provider). */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return pb.send<PublicConfig>('/api/public/config', { method: 'GET' });
}

/** "$49" / "€19.90": whole amounts without cents. */
export function formatPrice(cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

export const CATEGORY_LABELS: Record<string, string> = {
  corporate: 'Corporate',
  office: 'Office',
  outdoor: 'Outdoor',
  creative: 'Creative',
  classic: 'Classic',
  tech: 'Tech',
  medical: 'Medical',
  real_estate: 'Real estate',
  lifestyle: 'Lifestyle',
  custom: 'Custom',
};

import type { Style } from '../types';

/** width / height of a style's aspect, e.g. 4:5 → 0.8. */
export function aspectRatio(aspect: string | undefined): number {
  const [w, h] = (aspect ?? '4:5').split(':').map(Number);
  return w && h ? w / h : 0.8;
}

const HEX = /^#[0-9a-fA-F]{3,8}$/;

/** A CSS background for a style's backdrop: shown behind its preview and when it has none. */
export function backdropCss(style: Pick<Style, 'backdrop'>): string {
  const colors = (style.backdrop?.colors ?? []).filter((c) => HEX.test(c));
  if (colors.length >= 2) return `linear-gradient(${style.backdrop?.angle ?? 160}deg, ${colors.join(', ')})`;
  return colors[0] ?? '#d4d4d8';
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

export const categoryLabel = (c: string) => CATEGORY_LABELS[c] ?? c.replace(/_/g, ' ');

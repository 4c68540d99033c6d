/** How a style looks before its preview loads: its backdrop, aspect and category label. */
import type { StyleCategory } from '@photoshoot/contract';
import type { Style } from './records';

/** width / height of a style's aspect, e.g. 4:5 → 0.8. */
export function aspectRatio(aspect: string | undefined): number {
  const [w, h] = (aspect ?? '4:5').split(':').map(Number);
  return w && h ? w / h : 0.8;
}

// note: backdrop colours come from the database and end up in a style attribute: only hex passes.
const HEX = /^#[0-9a-fA-F]{3,8}$/;
const NEUTRAL = ['#d4d4d8', '#71717a'];

/** A CSS background for a style's backdrop: shown behind its preview and when it has none. */
export function backdropCss(style: Pick<Style, 'backdrop'>): string {
  const own = (style.backdrop?.colors ?? []).filter((c) => HEX.test(c));
  const colors = own.length ? own : NEUTRAL;
  if (colors.length === 1) return colors[0]!;
  const angle = Number.isFinite(style.backdrop?.angle) ? style.backdrop!.angle : 160;
  return `linear-gradient(${angle}deg, ${colors.join(', ')})`;
}

export const CATEGORY_LABELS: Record<StyleCategory, string> = {
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

/** The label of a category; one the app does not know yet reads as its words. */
export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as StyleCategory] ?? category.replace(/_/g, ' ');
}

/**
 * What a package gives when fewer styles are chosen than it includes: each style is made
 * `imagesPerStyle` times, so an unused style is portraits paid for and never made.
 */
export type UnusedStyles = { chosen: number; included: number; portraits: number; fullPortraits: number };

export function unusedStyles(
  chosen: number,
  pkg: { stylesIncluded: number; imagesPerStyle: number } | undefined,
): UnusedStyles | null {
  if (!pkg || chosen <= 0 || chosen >= pkg.stylesIncluded) return null;
  return {
    chosen,
    included: pkg.stylesIncluded,
    portraits: chosen * pkg.imagesPerStyle,
    fullPortraits: pkg.stylesIncluded * pkg.imagesPerStyle,
  };
}

/** "You chose 1 of 3 styles: you'll get 15 portraits instead of 45" */
export function unusedStylesSentence(u: UnusedStyles): string {
  return `You chose ${u.chosen} of ${u.included} styles: you'll get ${u.portraits} portraits instead of ${u.fullPortraits}`;
}

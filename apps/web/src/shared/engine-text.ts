import type { PublicConfig } from '@photoshoot/contract';

/**
 * What the configured engine makes, in the customer's words: the built-in studio engine retouches
 * the uploaded photos (own clothes and pose, new backdrop, light and crop); a hosted generative
 * provider makes new pictures (new outfits and settings). Unknown yet: nothing is promised.
 */
export function engineSummary(engine: PublicConfig['engine'] | undefined): string {
  if (!engine) return '';
  return engine.kind === 'studio'
    ? 'Your portraits are made from your own photos: we cut you out, frame you by the rules of each style, relight you on a new studio backdrop and retouch gently. You keep the clothes and pose from your selfies, so upload photos in what you want to be seen wearing.'
    : 'An AI model learns your face from your selfies and creates new portraits for each style, with new outfits, poses and settings.';
}

/**
 * What the service does, as the terms state it: only a hosted generative provider makes
 * AI-generated portraits; the studio engine works on the uploaded photos themselves.
 */
export function serviceSentence(appName: string, engine: PublicConfig['engine'] | undefined): string {
  if (!engine) return `${appName} turns photos you upload into portraits in the styles you choose.`;
  return engine.kind === 'studio'
    ? `${appName} turns photos you upload into portraits in the styles you choose: it cuts you out of your own photos and places you, framed and retouched, on each style's backdrop and light. It does not generate new faces, clothes or scenes.`
    : `${appName} turns photos you upload into AI-generated portraits in the styles you choose: an AI model learns your face from your photos and creates new pictures.`;
}

/**
 * How a team's brand backdrop combines with each style, for the team styles page: said only for
 * the studio engine, which is what does it (tint and light in its backdrop step).
 */
export function brandBackdropText(engine: PublicConfig['engine'] | undefined): string {
  return engine?.kind === 'studio'
    ? 'It replaces each style’s own backdrop; each style still brings its framing, light and colour grade, and tints the backdrop a little towards its colours.'
    : '';
}

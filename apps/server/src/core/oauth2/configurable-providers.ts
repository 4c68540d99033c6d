/**
 * `GET /api/collections/meta/oauth2-providers` (superusers): every provider this server can be
 * configured with, as PocketBase lists them for its dashboard's "Add provider" picker and the
 * SDK's `collections.getAllOAuth2Providers()`: `[{name, displayName, logo}]`, where `logo` is an
 * inline SVG. Here: the presets, then the generic OpenID Connect slots (any other name configured
 * with an issuer or explicit endpoints works the same way).
 */
import { PRESETS } from './presets.js';

export type ConfigurableProvider = { name: string; displayName: string; logo: string };

/** The generic OpenID Connect names PocketBase offers, so one install can have several. */
const GENERIC_OIDC = ['oidc', 'oidc2', 'oidc3'];

/** A plain monogram: our own drawing, not a brand's mark. */
function monogram(label: string): string {
  const letter = label.charAt(0).toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img" aria-label="${label}">` +
    `<circle cx="16" cy="16" r="15" fill="#e4e4e7"/>` +
    `<text x="16" y="21" text-anchor="middle" font-family="sans-serif" font-size="15" fill="#27272a">${letter}</text>` +
    `</svg>`
  );
}

export function configurableProviders(): ConfigurableProvider[] {
  const presets = Object.entries(PRESETS).map(([name, p]) => ({ name, displayName: p.displayName }));
  const generic = GENERIC_OIDC.map((name) => ({ name, displayName: 'OIDC' }));
  return [...presets, ...generic].map((p) => ({ ...p, logo: monogram(p.displayName) }));
}

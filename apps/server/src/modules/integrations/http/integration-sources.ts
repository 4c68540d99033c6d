/**
 * The hosts each integration's script loads from and talks to, per kind of resource, as the
 * providers document them for a Content-Security-Policy. Only the configured providers' hosts
 * join the policy; with none configured it stays the strict one (decision 018).
 *
 * note: `https://` sources also allow `wss://` on the same hosts (CSP Level 3 scheme matching),
 * which the chat widgets use for their live connection.
 */
import type { CspSources } from '../../../apis/web-security-headers.js';
import type { IntegrationsSettings } from '../integrations-settings.js';

const PLAUSIBLE: CspSources = { script: ['https://plausible.io'], connect: ['https://plausible.io'] };

const GA4: CspSources = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
};

const CRISP: CspSources = {
  script: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
  style: ['https://client.crisp.chat'],
  font: ['https://client.crisp.chat'],
  img: ['https://*.crisp.chat'],
  connect: ['https://*.crisp.chat'],
  frame: ['https://game.crisp.chat'],
};

// note: Tawk.to's own list also puts cdn.jsdelivr.net in script-src; a public package CDN there
// would let any published package run on our pages, so it is allowed for images (emoji) only.
const TAWK: CspSources = {
  script: ['https://*.tawk.to'],
  style: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
  font: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
  img: ['https://*.tawk.to', 'https://cdn.jsdelivr.net', 'https://tawk.link'],
  connect: ['https://*.tawk.to'],
  frame: ['https://*.tawk.to'],
};

/** The sources of the integrations the settings switch on (each host once). */
export function integrationSources(s: IntegrationsSettings): CspSources[] {
  const out: CspSources[] = [];
  if (s.chat === 'crisp') out.push(CRISP);
  if (s.chat === 'tawk') out.push(TAWK);
  if (s.analytics === 'plausible') out.push(PLAUSIBLE);
  if (s.analytics === 'ga4') out.push(GA4);
  return out;
}

/**
 * The product's settings sections as the back office shows them (server: each module's
 * `SettingsSection`, plus PocketBase's `smtp` and `meta` for mail). Field paths are the settings'.
 */
import { HOSTED_PROVIDER_FIELDS } from './hosted-provider-fields';
import type { FieldSpec } from './settings-fields';

type Plain = Record<string, unknown>;
const section = (values: Plain, name: string) => (values[name] ?? {}) as Plain;

export type SectionSpec = {
  id: string;
  title: string;
  description: string;
  fields: FieldSpec[];
};

const checksOn = (v: Plain) => section(v, 'processing').uploadChecks === true;

/** The upload checks' thresholds (server: `processing.checks`, ADR 009), tuned against /admin/original-photos. */
const CHECK_THRESHOLDS: FieldSpec[] = (
  [
    ['minShortSide', 'Shortest photo side (px, at least)', '1', 'Smaller photos are refused as too small.'],
    ['minFaceHeight', 'Face height (share of the photo, at least)', '0.01', 'From 0 to 1.'],
    ['otherFaceMinRatio', 'Another person: face size against the main face', '0.05', 'From 0 to 1.'],
    [
      'otherPersonMinScore',
      'Another person at a side, face out of the photo: detector score (at least)',
      '0.05',
      'From 0 to 1; higher refuses fewer photos.',
    ],
    ['maxYawDegrees', 'Head turned (degrees, at most)', '1', undefined],
    ['maxPitchDegrees', 'Head tilted up or down (degrees, at most)', '1', undefined],
    [
      'maxRollDegrees',
      'Head tilted sideways (degrees, at most)',
      '1',
      'Up to this the portraits straighten the head.',
    ],
    [
      'minEyesOpen',
      'Eyes open (lid gap over eye width, at least)',
      '0.01',
      'About 0.3 or more for open eyes; 0 turns it off.',
    ],
    ['minSharpness', 'Face sharpness (at least)', '0.5', 'Lower is blurrier.'],
    ['minBrightness', 'Face brightness (0–255, at least)', '1', undefined],
    ['maxBrightness', 'Face brightness (0–255, at most)', '1', undefined],
    ['maxClippedHighlights', 'Blown-out face pixels (share, at most)', '0.01', 'From 0 to 1.'],
    ['duplicateMaxDistance', 'Duplicates: image distance (of 64, at most)', '1', undefined],
    ['minSamePersonSimilarity', 'Same person: face similarity (at least)', '0.01', 'From 0 to 1.'],
  ] as const
).map(([key, label, step, hint]) => ({
  path: `processing.checks.${key}`,
  label,
  kind: 'number' as const,
  step,
  ...(hint ? { hint } : {}),
  when: checksOn,
}));

export const SECTIONS: SectionSpec[] = [
  {
    id: 'application',
    title: 'Application',
    description:
      'The name customers see and the address they reach the site at. Every link in mails, checkout returns and provider callbacks starts with this address.',
    fields: [
      { path: 'meta.appName', label: 'Application name', kind: 'text' },
      {
        path: 'meta.appURL',
        label: 'Application URL',
        kind: 'text',
        placeholder: 'https://shoot.example.com',
        hint: 'The public address, with http:// or https:// and no ? or #.',
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    description: 'Who takes the money. The sandbox is a checkout page of our own for trying the flow.',
    fields: [
      {
        path: 'payments.provider',
        label: 'Provider',
        kind: 'select',
        options: [
          { value: 'sandbox', label: 'Sandbox (no real money)' },
          { value: 'stripe', label: 'Stripe' },
        ],
      },
      {
        path: 'payments.currency',
        label: 'Currency',
        kind: 'text',
        hint: 'Three letters, lower case: usd, eur, gbp.',
      },
      {
        path: 'payments.stripePublishableKey',
        label: 'Stripe publishable key',
        kind: 'text',
        placeholder: 'pk_live_…',
        when: (v) => section(v, 'payments').provider === 'stripe',
      },
      {
        path: 'payments.stripeSecretKey',
        label: 'Stripe secret key',
        kind: 'secret',
        placeholder: 'sk_live_…',
        when: (v) => section(v, 'payments').provider === 'stripe',
      },
      {
        path: 'payments.stripeWebhookSecret',
        label: 'Stripe webhook signing secret',
        kind: 'secret',
        placeholder: 'whsec_…',
        when: (v) => section(v, 'payments').provider === 'stripe',
      },
    ],
  },
  {
    id: 'processing',
    title: 'Processing',
    description: 'What makes the portraits, quality control before release, and how long photos are kept.',
    fields: [
      {
        path: 'processing.provider',
        label: 'Generation provider',
        kind: 'select',
        options: [
          { value: 'studio', label: 'Studio engine (built in, offline)' },
          { value: 'comfyui', label: 'ComfyUI (your own GPU servers)' },
          { value: 'fal', label: 'fal' },
          { value: 'replicate', label: 'Replicate' },
          { value: 'astria', label: 'Astria' },
        ],
      },
      ...HOSTED_PROVIDER_FIELDS,
      {
        path: 'processing.reviewRequired',
        label: 'Operators review results before release',
        kind: 'toggle',
      },
      {
        path: 'processing.likenessThreshold',
        label: 'Likeness threshold',
        kind: 'number',
        step: '0.01',
        hint: 'From 0 to 1. Results less like the person are held back (same person measures 0.85–1).',
      },
      { path: 'processing.uploadChecks', label: 'Check each uploaded photo', kind: 'toggle' },
      ...CHECK_THRESHOLDS,
      {
        path: 'processing.originalsRetentionDays',
        label: 'Keep uploaded photos (days after release)',
        kind: 'number',
        hint: '0 keeps them.',
      },
      {
        path: 'processing.resultsRetentionDays',
        label: 'Keep results (days after release)',
        kind: 'number',
        hint: '0 keeps them.',
      },
    ],
  },
  {
    id: 'photoshoots',
    title: 'Photoshoot limits',
    description: 'What one order may hold. The upload and checkout pages state these numbers.',
    fields: [
      { path: 'photoshoots.maxPhotos', label: 'Photos per photoshoot (at most)', kind: 'number' },
      { path: 'photoshoots.minAcceptedPhotos', label: 'Accepted photos needed to check out', kind: 'number' },
      { path: 'photoshoots.freeRedos', label: 'Free redo rounds', kind: 'number' },
    ],
  },
  {
    id: 'teams',
    title: 'Team limits',
    description:
      'What a team may do for free. A team that has bought no seat gets one test shoot in all; test shoots always wait behind paid photoshoots.',
    fields: [
      {
        path: 'teams.testShootsPerDay',
        label: 'Test shoots per team in 24 hours (teams with seats)',
        kind: 'number',
      },
      { path: 'teams.invitesPerTeamPerDay', label: 'Invitation mails per team in 24 hours', kind: 'number' },
      {
        path: 'teams.invitesPerAccountPerDay',
        label: 'Invitation mails per account in 24 hours',
        kind: 'number',
        hint: 'Over all the teams the account belongs to.',
      },
    ],
  },
  {
    id: 'mail',
    title: 'Mail',
    description:
      'The sender customers see and the SMTP server that delivers. Off: mails go to the dev outbox.',
    fields: [
      { path: 'meta.senderName', label: 'Sender name', kind: 'text' },
      { path: 'meta.senderAddress', label: 'Sender address', kind: 'email' },
      { path: 'smtp.enabled', label: 'Send through SMTP', kind: 'toggle' },
      {
        path: 'smtp.host',
        label: 'SMTP host',
        kind: 'text',
        when: (v) => section(v, 'smtp').enabled === true,
      },
      {
        path: 'smtp.port',
        label: 'SMTP port',
        kind: 'number',
        when: (v) => section(v, 'smtp').enabled === true,
      },
      {
        path: 'smtp.username',
        label: 'Username',
        kind: 'text',
        when: (v) => section(v, 'smtp').enabled === true,
      },
      {
        path: 'smtp.password',
        label: 'Password',
        kind: 'secret',
        when: (v) => section(v, 'smtp').enabled === true,
      },
      {
        path: 'smtp.tls',
        label: 'Implicit TLS (port 465)',
        kind: 'toggle',
        when: (v) => section(v, 'smtp').enabled === true,
      },
    ],
  },
  {
    id: 'integrations',
    title: 'Support chat and analytics',
    description:
      'Third-party scripts on the public pages, loaded after the page is ready and never in the back office. Off by default: nothing loads and nothing is sent.',
    fields: [
      {
        path: 'integrations.chat',
        label: 'Support chat',
        kind: 'select',
        options: [
          { value: 'none', label: 'None' },
          { value: 'crisp', label: 'Crisp' },
          { value: 'tawk', label: 'Tawk.to' },
        ],
      },
      {
        path: 'integrations.crispWebsiteId',
        label: 'Crisp website id',
        kind: 'text',
        placeholder: '1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
        when: (v) => section(v, 'integrations').chat === 'crisp',
      },
      {
        path: 'integrations.tawkPropertyId',
        label: 'Tawk.to property id',
        kind: 'text',
        hint: 'From the widget code: embed.tawk.to/<property id>/<widget id>.',
        when: (v) => section(v, 'integrations').chat === 'tawk',
      },
      {
        path: 'integrations.tawkWidgetId',
        label: 'Tawk.to widget id',
        kind: 'text',
        when: (v) => section(v, 'integrations').chat === 'tawk',
      },
      {
        path: 'integrations.analytics',
        label: 'Page-view analytics',
        kind: 'select',
        options: [
          { value: 'none', label: 'None' },
          { value: 'plausible', label: 'Plausible (no cookies)' },
          { value: 'ga4', label: 'Google Analytics 4' },
        ],
      },
      {
        path: 'integrations.plausibleDomain',
        label: 'Plausible domain',
        kind: 'text',
        placeholder: 'shoot.example.com',
        when: (v) => section(v, 'integrations').analytics === 'plausible',
      },
      {
        path: 'integrations.ga4MeasurementId',
        label: 'GA4 measurement id',
        kind: 'text',
        placeholder: 'G-XXXXXXXXXX',
        when: (v) => section(v, 'integrations').analytics === 'ga4',
      },
    ],
  },
];

/**
 * The hosted generation providers' options in the processing section (server:
 * modules/hosted-providers/hosted-settings.ts, which validates each one and answers a field error).
 * Each provider's fields show only while it is the chosen one. Astria's mock output is named for
 * what it makes, placeholder images, wherever it can be chosen.
 */
import type { FieldSpec } from './settings-fields';

type Plain = Record<string, unknown>;
const processing = (v: Plain) => (v.processing ?? {}) as Plain;
const astria = (v: Plain) => (processing(v).astria ?? {}) as Plain;
const chosen = (p: string) => (v: Plain) => processing(v).provider === p;
const hosted = (v: Plain) => ['fal', 'replicate', 'astria'].includes(String(processing(v).provider));
/** Astria making real portraits: its model options matter only then. */
const astriaReal = (v: Plain) => chosen('astria')(v) && astria(v).mock !== true;

/** Shown next to the mock toggle, and the words the e2e spec checks. */
export const ASTRIA_MOCK_WARNING =
  'Mock output is on: Astria returns placeholder images, not portraits. Only team test shoots run; paid photoshoots are refused.';

export const HOSTED_PROVIDER_FIELDS: FieldSpec[] = [
  { path: 'processing.fal.apiKey', label: 'fal API key', kind: 'secret', when: chosen('fal') },
  {
    path: 'processing.fal.trainingApp',
    label: 'fal training app',
    kind: 'text',
    placeholder: 'fal-ai/flux-lora-portrait-trainer',
    hint: "The queue app that trains each person's LoRA, as owner/name.",
    when: chosen('fal'),
  },
  {
    path: 'processing.fal.inferenceApp',
    label: 'fal portrait app',
    kind: 'text',
    placeholder: 'fal-ai/flux-lora',
    hint: 'The queue app that renders the portraits with that LoRA.',
    when: chosen('fal'),
  },
  {
    path: 'processing.replicate.apiToken',
    label: 'Replicate API token',
    kind: 'secret',
    placeholder: 'r8_…',
    when: chosen('replicate'),
  },
  {
    path: 'processing.replicate.trainerVersion',
    label: 'Replicate trainer',
    kind: 'text',
    hint: "owner/name:version of the trainer that makes each person's LoRA.",
    when: chosen('replicate'),
  },
  {
    path: 'processing.replicate.destination',
    label: 'Replicate destination model',
    kind: 'text',
    hint: 'owner/name of the model each trained person becomes a version of.',
    when: chosen('replicate'),
  },
  {
    path: 'processing.replicate.webhookSecret',
    label: 'Replicate webhook signing secret',
    kind: 'secret',
    placeholder: 'whsec_…',
    hint: 'Optional: while none is saved, it is read from Replicate with the token.',
    when: chosen('replicate'),
  },
  { path: 'processing.astria.apiKey', label: 'Astria API key', kind: 'secret', when: chosen('astria') },
  {
    path: 'processing.astria.mock',
    label: 'Mock output: placeholder images, for test shoots only',
    kind: 'toggle',
    hint: 'Astria\'s free "fast" branch trains nothing and returns placeholder images.',
    warning: ASTRIA_MOCK_WARNING,
    when: chosen('astria'),
  },
  {
    path: 'processing.astria.model',
    label: 'Astria model',
    kind: 'select',
    options: [
      { value: 'flux1', label: 'Flux.1 dev LoRA (recommended for portraits)' },
      { value: 'sdxl1', label: 'SDXL 1.0 LoRA' },
      { value: 'sd15', label: 'Realistic Vision 5.1 checkpoint (SD 1.5)' },
    ],
    when: astriaReal,
  },
  {
    path: 'processing.astria.baseTuneId',
    label: 'Astria base tune',
    kind: 'number',
    step: '1',
    hint: '0 uses the gallery tune Astria documents for the model: Flux.1 dev 1504944, SDXL 1.0 666678, Realistic Vision 5.1 690204.',
    when: astriaReal,
  },
  {
    path: 'processing.astria.preset',
    label: 'Astria training preset',
    kind: 'select',
    options: [
      { value: 'flux-lora-portrait', label: 'flux-lora-portrait (recommended)' },
      { value: 'flux-lora-focus', label: 'flux-lora-focus' },
      { value: 'flux-lora-fast', label: 'flux-lora-fast' },
    ],
    hint: 'Flux only. Every Astria portrait also gets face inpainting and super-resolution.',
    when: (v) => astriaReal(v) && astria(v).model === 'flux1',
  },
  {
    path: 'processing.hostedPollSeconds',
    label: "Check a job's status every (seconds)",
    kind: 'number',
    hint: 'The backstop for provider webhooks that never arrive. From 1 to 3600.',
    newRow: true,
    when: hosted,
  },
  {
    path: 'processing.hostedTimeoutMinutes',
    label: 'Give up on a job after (minutes)',
    kind: 'number',
    hint: 'The job is then cancelled at the provider and the attempt fails. From 1 to 1440.',
    when: hosted,
  },
];

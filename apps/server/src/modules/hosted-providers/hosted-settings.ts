/**
 * Settings of the hosted generation providers, fields this module adds to the `processing` section
 * (../processing/processing-settings.ts) with a section of the same name. API keys are secrets: masked by the settings API and
 * kept when a PATCH leaves them blank. Base URLs are not settings on purpose: an operator
 * account must never be able to point our API keys at another host (tests use AppOptions).
 */
import type { SettingsSection } from '../../core/settings/settings-section.js';
import { DEFAULT_REPLICATE_TRAINER } from './replicate/replicate-api.js';

export type FalSettings = {
  apiKey: string;
  /** Queue app that trains the subject's LoRA. */
  trainingApp: string;
  /** Queue app that renders with the LoRA. */
  inferenceApp: string;
};

export type ReplicateSettings = {
  apiToken: string;
  /**
   * The trainer, `owner/name:version` (trainer versions get deprecated: keep it configurable);
   * blank = the pinned default (replicate/replicate-api.ts DEFAULT_REPLICATE_TRAINER).
   */
  trainerVersion: string;
  /**
   * The model (`owner/name`) that receives each trained version; blank = `photoshoot-subjects`
   * in the token's account, created private at the first training.
   */
  destination: string;
  /** Standard Webhooks secret (`whsec_…`); blank = fetched from the API once and cached. */
  webhookSecret: string;
};

export type AstriaSettings = {
  apiKey: string;
  /**
   * The model family the subject is trained on: `flux1` (a LoRA on Flux1.dev, Astria's recommendation
   * for portraits), `sdxl1` (a LoRA on SDXL 1.0) or `sd15` (a checkpoint). See astria/astria-flow.ts.
   */
  model: AstriaModel;
  /** The gallery tune the subject is trained on; 0 = the one Astria documents for `model`. */
  baseTuneId: number;
  /** Flux training preset (Astria recommends `flux-lora-portrait`); ignored by SDXL and SD1.5. */
  preset: AstriaPreset;
  /**
   * Staging: Astria's free `fast` branch, which trains nothing and returns placeholder images. Only
   * team test shoots run with it; paid photoshoots are refused (never served placeholders).
   */
  mock: boolean;
};

export const ASTRIA_MODELS = ['flux1', 'sdxl1', 'sd15'] as const;
export type AstriaModel = (typeof ASTRIA_MODELS)[number];
export const ASTRIA_PRESETS = ['flux-lora-portrait', 'flux-lora-focus', 'flux-lora-fast'] as const;
export type AstriaPreset = (typeof ASTRIA_PRESETS)[number];

export type HostedSettings = {
  fal: FalSettings;
  replicate: ReplicateSettings;
  astria: AstriaSettings;
  /** Seconds between status polls of a hosted job: the backstop for webhooks that never arrive. */
  hostedPollSeconds: number;
  /** Minutes a hosted job may stay unfinished before it is cancelled and the attempt fails. */
  hostedTimeoutMinutes: number;
};

export function defaultHostedSettings(): HostedSettings {
  return {
    fal: { apiKey: '', trainingApp: 'fal-ai/flux-lora-portrait-trainer', inferenceApp: 'fal-ai/flux-lora' },
    replicate: {
      apiToken: '',
      trainerVersion: DEFAULT_REPLICATE_TRAINER,
      destination: '',
      webhookSecret: '',
    },
    astria: { apiKey: '', model: 'flux1', baseTuneId: 0, preset: 'flux-lora-portrait', mock: false },
    hostedPollSeconds: 30,
    hostedTimeoutMinutes: 60,
  };
}

/** Secret fields, relative to the `processing` section. */
export const HOSTED_SECRET_FIELDS: readonly string[] = [
  'fal.apiKey',
  'replicate.apiToken',
  'replicate.webhookSecret',
  'astria.apiKey',
];

type Add = (field: string, code: string, message: string) => void;

const APP_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._/-]*$/i;
const MODEL = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/i;
const VERSION = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*:[a-f0-9]{8,128}$/i;

function isText(v: unknown, max = 500): v is string {
  return typeof v === 'string' && v.length <= max && !/[\r\n]/.test(v);
}

export function validateHostedSettings(s: HostedSettings, add: Add): void {
  const { fal, replicate, astria } = s;
  if (!fal || typeof fal !== 'object') add('fal', 'validation_invalid_value', 'Must be an object.');
  else {
    if (!isText(fal.apiKey)) add('fal.apiKey', 'validation_invalid_value', 'Must be a single-line key.');
    for (const k of ['trainingApp', 'inferenceApp'] as const)
      if (!isText(fal[k], 200) || !APP_ID.test(fal[k]))
        add(`fal.${k}`, 'validation_invalid_value', 'Must be a fal app id such as fal-ai/flux-lora.');
  }
  if (!replicate || typeof replicate !== 'object')
    add('replicate', 'validation_invalid_value', 'Must be an object.');
  else {
    if (!isText(replicate.apiToken))
      add('replicate.apiToken', 'validation_invalid_value', 'Must be a single-line token.');
    if (
      !isText(replicate.trainerVersion, 200) ||
      (replicate.trainerVersion && !VERSION.test(replicate.trainerVersion))
    )
      add('replicate.trainerVersion', 'validation_invalid_value', 'Must be owner/name:version.');
    if (!isText(replicate.destination, 200) || (replicate.destination && !MODEL.test(replicate.destination)))
      add('replicate.destination', 'validation_invalid_value', 'Must be owner/name.');
    if (
      !isText(replicate.webhookSecret) ||
      (replicate.webhookSecret && !/^whsec_[A-Za-z0-9+/=]+$/.test(replicate.webhookSecret))
    )
      add('replicate.webhookSecret', 'validation_invalid_value', 'Must be a whsec_… secret.');
  }
  if (!astria || typeof astria !== 'object') add('astria', 'validation_invalid_value', 'Must be an object.');
  else {
    if (!isText(astria.apiKey))
      add('astria.apiKey', 'validation_invalid_value', 'Must be a single-line key.');
    if (!(ASTRIA_MODELS as readonly string[]).includes(astria.model))
      add('astria.model', 'validation_invalid_value', `Must be one of ${ASTRIA_MODELS.join(', ')}.`);
    if (!Number.isInteger(astria.baseTuneId) || astria.baseTuneId < 0 || astria.baseTuneId > 2 ** 31 - 1)
      add(
        'astria.baseTuneId',
        'validation_invalid_value',
        'Must be a gallery tune id, or 0 for the default.',
      );
    if (!(ASTRIA_PRESETS as readonly string[]).includes(astria.preset))
      add('astria.preset', 'validation_invalid_value', `Must be one of ${ASTRIA_PRESETS.join(', ')}.`);
    if (typeof astria.mock !== 'boolean')
      add('astria.mock', 'validation_invalid_value', 'Must be true or false.');
  }
  if (!Number.isInteger(s.hostedPollSeconds) || s.hostedPollSeconds < 1 || s.hostedPollSeconds > 3600)
    add('hostedPollSeconds', 'validation_invalid_value', 'Must be a whole number of seconds from 1 to 3600.');
  if (
    !Number.isInteger(s.hostedTimeoutMinutes) ||
    s.hostedTimeoutMinutes < 1 ||
    s.hostedTimeoutMinutes > 1440
  )
    add(
      'hostedTimeoutMinutes',
      'validation_invalid_value',
      'Must be a whole number of minutes from 1 to 1440.',
    );
}

/** This module's fields of the `processing` section. */
export const hostedSettingsSection: SettingsSection<HostedSettings> = {
  name: 'processing',
  defaults: defaultHostedSettings,
  secretFields: HOSTED_SECRET_FIELDS,
  validate: validateHostedSettings,
};

declare module '../processing/processing-settings.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's fields.
  interface ProcessingSettings extends HostedSettings {}
}

/**
 * The `integrations` settings section: a support chat widget and a page-view analytics
 * tag, each off until an operator picks a provider and gives its public site id. Only public ids
 * live here (they end up in every visitor's browser): no secret fields.
 */
import type { SettingsSection } from '../../core/settings/settings-section.js';

export const CHAT_PROVIDERS = ['none', 'crisp', 'tawk'] as const;
export const ANALYTICS_PROVIDERS = ['none', 'plausible', 'ga4'] as const;

export type IntegrationsSettings = {
  chat: (typeof CHAT_PROVIDERS)[number];
  /** Crisp's website id (a UUID, Settings → Website settings → Setup instructions). */
  crispWebsiteId: string;
  /** Tawk.to's property id (24 hex digits) and widget id (`default` or the widget's own id). */
  tawkPropertyId: string;
  tawkWidgetId: string;
  analytics: (typeof ANALYTICS_PROVIDERS)[number];
  /** The site's domain as registered with Plausible (e.g. `shoot.example.com`). */
  plausibleDomain: string;
  /** A Google Analytics 4 measurement id (`G-XXXXXXXXXX`). */
  ga4MeasurementId: string;
};

export function defaultIntegrationsSettings(): IntegrationsSettings {
  return {
    chat: 'none',
    crispWebsiteId: '',
    tawkPropertyId: '',
    tawkWidgetId: 'default',
    analytics: 'none',
    plausibleDomain: '',
    ga4MeasurementId: '',
  };
}

const FORMATS = {
  crispWebsiteId: {
    re: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    message: 'Must be a Crisp website id: a UUID such as 1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d.',
  },
  tawkPropertyId: {
    re: /^[0-9a-f]{24}$/,
    message: 'Must be a Tawk.to property id: 24 hexadecimal characters.',
  },
  tawkWidgetId: {
    re: /^[a-z0-9]{1,32}$/i,
    message: 'Must be a Tawk.to widget id: "default" or up to 32 letters and digits.',
  },
  plausibleDomain: {
    re: /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    message: 'Must be the domain registered with Plausible, such as shoot.example.com (no https://).',
  },
  ga4MeasurementId: {
    re: /^G-[A-Z0-9]{4,16}$/,
    message: 'Must be a Google Analytics 4 measurement id such as G-AB12CD34EF.',
  },
} as const;

/** The id fields each provider needs. */
const NEEDS: Record<string, readonly (keyof typeof FORMATS)[]> = {
  crisp: ['crispWebsiteId'],
  tawk: ['tawkPropertyId', 'tawkWidgetId'],
  plausible: ['plausibleDomain'],
  ga4: ['ga4MeasurementId'],
};

type Add = (field: string, code: string, message: string) => void;

export function validateIntegrationsSettings(s: IntegrationsSettings, add: Add): void {
  if (!(CHAT_PROVIDERS as readonly string[]).includes(s.chat))
    add('chat', 'validation_invalid_value', 'Must be none, crisp or tawk.');
  if (!(ANALYTICS_PROVIDERS as readonly string[]).includes(s.analytics))
    add('analytics', 'validation_invalid_value', 'Must be none, plausible or ga4.');
  // An id is checked whenever it is given (a provider switched off keeps its id for later).
  for (const [field, { re, message }] of Object.entries(FORMATS)) {
    const value = (s as Record<string, unknown>)[field];
    if (typeof value !== 'string') add(field, 'validation_invalid_value', 'Must be text.');
    else if (value !== '' && !re.test(value)) add(field, 'validation_invalid_format', message);
  }
  for (const field of [...(NEEDS[s.chat] ?? []), ...(NEEDS[s.analytics] ?? [])]) {
    if ((s as Record<string, unknown>)[field] === '')
      add(field, 'validation_required', 'Cannot be blank while this provider is selected.');
  }
}

/** The `integrations` section, registered by its module. */
export const integrationsSettingsSection: SettingsSection<IntegrationsSettings> = {
  name: 'integrations',
  defaults: defaultIntegrationsSettings,
  validate: validateIntegrationsSettings,
};

declare module '../../core/settings/settings.js' {
  interface ModuleSettings {
    integrations: IntegrationsSettings;
  }
}

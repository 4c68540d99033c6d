/**
 * The `payments` settings section: which provider takes the money and its credentials. The
 * sandbox (a checkout page of our own) is the offline default; Stripe needs its keys.
 */
import type { SettingsSection } from '../../core/settings/settings-section.js';
export type PaymentsSettings = {
  provider: 'sandbox' | 'stripe';
  /** ISO 4217, lower case, as Stripe writes it. */
  currency: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  stripePublishableKey: string;
};

export function defaultPaymentsSettings(): PaymentsSettings {
  return {
    provider: 'sandbox',
    currency: 'usd',
    stripeSecretKey: '',
    stripeWebhookSecret: '',
    stripePublishableKey: '',
  };
}

/** Secret fields of this section (relative paths): masked in the API, kept when a PATCH omits them. */
export const PAYMENTS_SECRET_FIELDS = ['stripeSecretKey', 'stripeWebhookSecret'] as const;

type Add = (field: string, code: string, message: string) => void;

export function validatePaymentsSettings(s: PaymentsSettings, add: Add): void {
  if (s.provider !== 'sandbox' && s.provider !== 'stripe')
    add('provider', 'validation_invalid_value', 'Must be "sandbox" or "stripe".');
  if (typeof s.currency !== 'string' || !/^[a-z]{3}$/.test(s.currency))
    add('currency', 'validation_invalid_value', 'Must be a three-letter ISO currency code in lower case.');
  if (s.provider === 'stripe' && !s.stripeSecretKey)
    add('stripeSecretKey', 'validation_required', 'Stripe needs its secret key.');
  if (s.provider === 'stripe' && !s.stripeWebhookSecret)
    add('stripeWebhookSecret', 'validation_required', 'Stripe needs the webhook signing secret.');
}

/** The `payments` section, registered by its module. */
export const paymentsSettingsSection: SettingsSection<PaymentsSettings> = {
  name: 'payments',
  defaults: defaultPaymentsSettings,
  secretFields: PAYMENTS_SECRET_FIELDS,
  validate: validatePaymentsSettings,
};

declare module '../../core/settings/settings.js' {
  interface ModuleSettings {
    payments: PaymentsSettings;
  }
}

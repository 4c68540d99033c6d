/** Picks the provider for a payment (the one it was made with) or for a new checkout (the setting). */
import type { App } from '../../../core/app.js';
import type { PaymentProvider } from './provider.js';
import { SandboxProvider } from './sandbox.js';
import { StripeProvider } from './stripe.js';

export function providerNamed(app: App, name: string): PaymentProvider {
  const s = app.settings.get();
  if (name === 'stripe') {
    return new StripeProvider({
      secretKey: s.payments.stripeSecretKey,
      webhookSecret: s.payments.stripeWebhookSecret,
      api: app.options.stripeApi,
    });
  }
  return new SandboxProvider(s.meta.appURL);
}

/** The provider new checkouts use. */
export function activeProvider(app: App): PaymentProvider {
  return providerNamed(app, app.settings.get().payments.provider);
}

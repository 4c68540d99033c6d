/** Payments: quote, checkout, fulfilment, refunds and coupons behind one provider seam (decision 008). */
import type { HttpModule } from '../../apis/http-module.js';
import { coupons } from './collections/coupons.js';
import { registerCouponHooks } from './coupon-hooks.js';
import { payments } from './collections/payments.js';
import { addRefundedCents } from './refunded-cents-migration.js';
import { sweepOwedRefunds } from './owed-refunds.js';
import { markReceiptSent } from './receipt-sent.js';
import { paymentsSettingsSection } from './payments-settings.js';
import type { StripeApiTarget } from './providers/stripe.js';
import { bindAdminPaymentsApi } from './http/admin-payments.js';
import { bindPaymentsApi } from './http/payments.js';

declare module '../../core/app.js' {
  interface ModuleOptions {
    /** Where the Stripe SDK sends requests (tests: a local fake of Stripe's API); Stripe's own API otherwise. */
    stripeApi?: StripeApiTarget;
  }
}

export const paymentsModule: HttpModule = {
  name: 'payments',
  collections: [coupons, payments],
  migrations: [{ id: '0017_payments_refunded_cents', up: addRefundedCents }],
  settings: paymentsSettingsSection,
  register(app) {
    registerCouponHooks(app.hooks);
    // A receipt counts as sent once the SMTP server accepted it (the mail queue says when).
    app.mailer.onSent((ref) => markReceiptSent(app, ref));
    // Refunds the payment provider could not make at the time (ADR 008), until they go through.
    app.crons.add('__owedRefunds__', '*/10 * * * *', async () => {
      await sweepOwedRefunds(app);
    });
  },
  routes: bindPaymentsApi,
  adminRoutes: bindAdminPaymentsApi,
};

/**
 * The mail that tells the buyer their money was refunded. Composed and queued inside the
 * transaction that marks the payment refunded, so it goes out exactly once, and only if the
 * refund was committed.
 */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import type { MailMessage } from '../../core/mail/message.js';
import { renderMail } from '../../core/mail/layout.js';
import { formatMoney } from '../../core/mail/templates.js';

export function refundRef(paymentId: string): string {
  return `refund:${paymentId}`;
}

/** The refund notice for `payment`, or null when its buyer has no address. */
export async function composeRefundMail(app: App, db: Db, payment: RecordData): Promise<MailMessage | null> {
  const user = await app.records.findById(app.registry.require('users'), String(payment.user), db);
  const email = String(user?.email ?? '');
  if (!email) return null;
  const meta = app.settings.get().meta;
  const amount = formatMoney(Number(payment.amountCents), String(payment.currency));
  const paid = Number(payment.amountCents) > 0;
  return {
    to: email,
    ...renderMail(meta, {
      subject: `Your ${meta.appName} refund`,
      heading: 'Your order was refunded',
      paragraphs: [
        paid
          ? `We refunded ${amount} to the card or account you paid with. Depending on your bank it shows within 5 to 10 business days.`
          : 'Your order was cancelled and marked refunded. Nothing was charged, so nothing comes back to your account.',
        payment.team
          ? 'The seats of this order that were not used yet were removed from your team.'
          : 'Your photoshoot is marked refunded.',
      ],
      details: [
        { label: 'Refunded', value: amount },
        { label: 'Payment reference', value: String(payment.id) },
      ],
      footnote:
        'Questions about this refund? Write to us through the contact page and quote the payment reference.',
    }),
  };
}

/**
 * The mail that tells the buyer their money was refunded. Composed and queued inside the
 * transaction that marks the payment refunded, so it goes out exactly once, and only if the
 * refund was committed.
 */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { recordOf, type RecordOf } from '../record-of.js';
import type { MailMessage } from '../../core/mail/message.js';
import { renderMail } from '../../core/mail/layout.js';
import { formatMoney } from '../../core/mail/templates.js';
import { purchasableOf } from './purchasables.js';

/** The mail queue's reference of the refund made after `before` cents had been given back. */
export function refundRef(paymentId: string, before = 0): string {
  return before > 0 ? `refund:${paymentId}:after-${before}` : `refund:${paymentId}`;
}

/**
 * The notice of `refundedCents` given back on `payment` (as stored after the refund: still `paid`
 * when that was a part and the order stands), or null when its buyer has no address.
 */
export async function composeRefundMail(
  app: App,
  db: Db,
  payment: RecordOf<'payments'>,
  refundedCents: number,
): Promise<MailMessage | null> {
  const user = recordOf('users', await app.records.findById(app.registry.require('users'), payment.user, db));
  const email = user?.email ?? '';
  if (!email) return null;
  const meta = app.settings.get().meta;
  const currency = payment.currency;
  const amount = formatMoney(refundedCents, currency);
  const paidCents = payment.amountCents;
  const paid = formatMoney(paidCents, currency);
  const standing = payment.status === 'paid';
  const note = purchasableOf(app, payment).refundNote;
  const delay = 'Depending on your bank it shows within 5 to 10 business days.';
  const details = [{ label: 'Refunded', value: amount }];
  if (refundedCents !== paidCents) details.push({ label: 'You paid', value: paid });
  details.push({ label: 'Payment reference', value: payment.id });
  return {
    to: email,
    ...renderMail(meta, {
      subject: `Your ${meta.appName} refund`,
      heading: standing ? 'Part of your payment was refunded' : 'Your order was refunded',
      paragraphs: standing
        ? [
            `We refunded ${amount} of your ${paid} payment to the card or account you paid with. ${delay}`,
            note.partial,
          ]
        : [
            paidCents > 0
              ? `We refunded ${amount} to the card or account you paid with. ${delay}`
              : 'Your order was cancelled and marked refunded. Nothing was charged, so nothing comes back to your account.',
            note.full,
          ],
      details,
      footnote:
        'Questions about this refund? Write to us through the contact page and quote the payment reference.',
    }),
  };
}

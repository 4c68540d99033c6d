/**
 * The receipt mail of a fulfilled payment. It is composed inside the fulfilment transaction (so
 * it describes exactly what was committed) and queued in that same transaction, the one that moved
 * the payment to `paid`: that is what makes it go out once, and surely.
 */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import type { MailMessage } from '../../core/mail/message.js';
import { receiptMail } from '../../core/mail/templates.js';
import { parseDate } from '../../tools/dates.js';

/** The receipt for `payment`, or null when its buyer has no address to send it to. */
export async function composeReceipt(
  app: App,
  db: Db,
  payment: RecordData,
  item: RecordData | null,
): Promise<MailMessage | null> {
  const photoshoot = payment.photoshoot ? item : null;
  const user = await app.records.findById(app.registry.require('users'), String(payment.user), db);
  const email = String(user?.email ?? '');
  if (!email) return null;
  const pkg = await app.records.findById(app.registry.require('packages'), String(payment.package), db);
  const s = app.settings.get();
  const mail = receiptMail(
    { appName: s.meta.appName, appURL: s.meta.appURL },
    {
      itemName: String(pkg?.name ?? 'Photoshoot'),
      photoshootId: String(payment.photoshoot ?? ''),
      photoshootTitle: String(photoshoot?.title ?? ''),
      priceCents: Number(payment.priceCents),
      discountCents: Number(payment.discountCents),
      amountCents: Number(payment.amountCents),
      currency: String(payment.currency),
      couponCode: String(payment.couponCode ?? ''),
      paymentId: String(payment.id),
      paidAt: parseDate(payment.paidAt) ?? new Date(),
      team: payment.team
        ? {
            id: String(payment.team),
            name: String(item?.name ?? ''),
            seats: Number(pkg?.seats ?? 0) * Math.max(1, Number(payment.quantity) || 1),
          }
        : undefined,
    },
  );
  return { to: email, ...mail };
}

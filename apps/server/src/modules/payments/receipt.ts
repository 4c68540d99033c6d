/**
 * The receipt mail of a paid payment. It is composed inside the transaction that moved the payment
 * to `paid` (so it describes exactly what was committed) and queued in that same transaction: that
 * is what makes it go out once, and surely. What it says about the item is the purchasable's.
 */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { AfterCommit } from '../../core/db/after-commit.js';
import type { RecordData } from '../../core/records/codec.js';
import type { MailMessage } from '../../core/mail/message.js';
import { receiptMail } from '../../core/mail/templates.js';
import { parseDate } from '../../tools/dates.js';
import { purchasableOf } from './purchasables.js';
import { receiptRef } from './receipt-sent.js';
import { recordOf } from '../record-of.js';

/** The receipt for `payment`, or null when its buyer has no address to send it to. */
export async function composeReceipt(
  app: App,
  db: Db,
  payment: RecordData,
  item: RecordData | null,
): Promise<MailMessage | null> {
  const paid = recordOf('payments', payment);
  const user = recordOf('users', await app.records.findById(app.registry.require('users'), paid.user, db));
  const email = user?.email ?? '';
  if (!email) return null;
  const pkg = recordOf(
    'packages',
    await app.records.findById(app.registry.require('packages'), paid.package, db),
  );
  const s = app.settings.get();
  const sold = { payment: paid, item, pkg, appURL: s.meta.appURL };
  const mail = receiptMail(
    { appName: s.meta.appName, appURL: s.meta.appURL },
    {
      itemName: pkg?.name ?? 'Photoshoot',
      item: purchasableOf(app, payment).receipt(sold),
      priceCents: paid.priceCents,
      discountCents: paid.discountCents,
      amountCents: paid.amountCents,
      currency: paid.currency,
      couponCode: paid.couponCode ?? '',
      paymentId: paid.id,
      paidAt: parseDate(paid.paidAt) ?? new Date(),
    },
  );
  return { to: email, ...mail };
}

/** Queues the receipt of `payment`, just paid, in `tx`; delivery is tried once `tx` committed. */
export async function queueReceipt(
  app: App,
  tx: Db,
  payment: RecordData,
  item: RecordData | null,
  later: AfterCommit,
): Promise<void> {
  const receipt = await composeReceipt(app, tx, payment, item);
  if (!receipt) return;
  await app.mailer.queue(receipt, { db: tx, ref: receiptRef(recordOf('payments', payment).id) });
  later.add(() => app.mailer.deliverQueued());
}

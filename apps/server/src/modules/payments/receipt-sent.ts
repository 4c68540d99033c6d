/**
 * `payments.receiptSentAt` is stamped when an SMTP server accepted the receipt, not when it was
 * queued: a receipt still waiting (an outage) or given up on shows as not sent.
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { nowString } from '../../tools/dates.js';

const PREFIX = 'receipt:';

/** The queue `ref` of the receipt of payment `paymentId`. */
export function receiptRef(paymentId: string): string {
  return `${PREFIX}${paymentId}`;
}

/** Listens to sent mail (`Mailer.onSent`): a receipt's payment gets its stamp, once. */
export async function markReceiptSent(app: App, ref: string): Promise<void> {
  if (!ref.startsWith(PREFIX)) return;
  await app.db.run(
    `UPDATE ${q('payments')} SET "receiptSentAt" = ? WHERE "id" = ? AND ("receiptSentAt" IS NULL OR "receiptSentAt" = '')`,
    [nowString(), ref.slice(PREFIX.length)],
  );
}

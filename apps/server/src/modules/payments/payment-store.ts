/** Reads and writes `payments` rows for the payment core (the records API never writes them). */
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import type { RecordJson } from '../../core/records/serialize.js';
import { zeroValue } from '../../core/schema/fields.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { newId } from '../../tools/random.js';
import { nowString } from '../../tools/dates.js';
import type { AfterCommit } from '../../core/db/after-commit.js';
import { recordOf, type RecordOf } from '../record-of.js';

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded' | 'refund_failed';

function collection(app: App) {
  return app.registry.require('payments');
}

/** A new, unsaved payment with every field at its zero value and a fresh id. */
export function blankPayment(app: App): RecordOf<'payments'> {
  const data: RecordData = {};
  for (const field of collection(app).fields) data[field.name] = zeroValue(field);
  data.id = newId();
  return recordOf('payments', data);
}

export async function findPayment(
  app: App,
  id: string,
  db: Db = app.db,
): Promise<RecordOf<'payments'> | null> {
  return recordOf('payments', await app.records.findById(collection(app), id, db));
}

export async function findPaymentBy(
  app: App,
  where: Record<string, unknown>,
  db: Db = app.db,
): Promise<RecordOf<'payments'> | null> {
  return recordOf('payments', await app.records.findOneBy(collection(app), where, db));
}

/** The payment, locked until `tx` ends (PostgreSQL; SQLite transactions are serial anyway). */
export async function lockPayment(app: App, tx: Db, id: string): Promise<RecordOf<'payments'> | null> {
  return recordOf('payments', await lockRecord(tx, collection(app), id));
}

/** Inserts or updates `data` in `tx`; its record event fires once the transaction has committed. */
export async function savePayment(
  app: App,
  tx: Db,
  data: RecordData,
  later: AfterCommit,
  action: 'create' | 'update',
): Promise<void> {
  const now = nowString();
  if (action === 'create') {
    data.created = now;
    data.updated = now;
    await app.records.insertRow(collection(app), data, tx);
  } else {
    data.updated = now;
    await app.records.updateRow(collection(app), data, tx);
  }
  const record = { ...data };
  later.add(() => app.events.emit({ action, collection: collection(app), record }));
}

/** The payment as `caller` sees it through the records API. */
export async function paymentJson(app: App, caller: Caller, data: RecordData): Promise<RecordJson> {
  return (await app.records.shape(collection(app), [data], caller))[0]!;
}

/** A checkout's answer: the payment as `caller` sees it, and the provider's page or `paid: true`. */
export async function checkoutJson(
  app: App,
  caller: Caller,
  outcome: { payment: RecordData; url?: string; paid?: true },
): Promise<{ payment: RecordJson; url: string } | { payment: RecordJson; paid: true }> {
  const payment = await paymentJson(app, caller, outcome.payment);
  return outcome.paid ? { payment, paid: true } : { payment, url: outcome.url ?? '' };
}

/** Who may look at a payment through the payment endpoints: its buyer, and operators. */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import { isSuperuser, type Caller } from '../../core/records/caller.js';
import type { RecordOf } from '../record-of.js';
import { findPayment } from './payment-store.js';

/** @throws {ApiError} 401 for guests; 404 when there is no such payment or it is someone else's. */
export async function visiblePayment(app: App, caller: Caller, id: string): Promise<RecordOf<'payments'>> {
  if (!caller.auth) throw ApiError.unauthorized('The request requires valid record authorization token.');
  const payment = await findPayment(app, id);
  const mine = caller.auth.collection.name === 'users' && payment?.user === caller.auth.record.id;
  if (!payment || !(mine || isSuperuser(caller))) throw ApiError.notFound();
  return payment;
}

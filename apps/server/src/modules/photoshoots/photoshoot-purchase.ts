/** The photoshoot side of a payment's outcome, inside the payment's transaction. */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Actor } from '../photoshoots/actor.js';
import { refusal, transition } from '../photoshoots/lifecycle.js';
import { lockRecord } from '../photoshoots/lock.js';
import type { AfterCommit } from './after-commit.js';

/**
 * Locks the payment's photoshoot, if it has one. Every payment change locks the photoshoot before
 * the payment, so two of them (a webhook and a verify call) queue up instead of deadlocking.
 */
export async function lockPhotoshootOf(app: App, tx: Db, payment: RecordData): Promise<RecordData | null> {
  const id = String(payment.photoshoot ?? '');
  return id ? lockRecord(tx, app.registry.require('photoshoots'), id) : null;
}

/** Whether `photoshoot` is waiting for exactly this payment (its checkout has not been replaced). */
export function awaits(photoshoot: RecordData | null, payment: RecordData): photoshoot is RecordData {
  return !!photoshoot && photoshoot.status === 'pending_payment' && photoshoot.payment === payment.id;
}

/** Moves the photoshoot to `to` when the lifecycle allows it for `actor`; reports whether it moved. */
export async function moveIfAllowed(
  app: App,
  tx: Db,
  photoshoot: RecordData | null,
  to: string,
  actor: Actor,
  reason: string,
  later: AfterCommit,
): Promise<boolean> {
  if (!photoshoot || refusal(String(photoshoot.status), to, actor)) return false;
  await transition(app, String(photoshoot.id), to, actor, reason, tx, later.add);
  return true;
}

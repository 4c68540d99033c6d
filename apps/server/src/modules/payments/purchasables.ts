/**
 * What a payment can buy (a photoshoot today, team seats next). Each kind registers its handlers;
 * fulfilment, closing, coupon lapse and refunds dispatch on the kind of the payment and know
 * nothing of what was bought. A payment's kind is the first registered kind whose relation field is
 * set on it.
 */
import type { App } from '../../core/app.js';
import { ServiceKey } from '../../core/service-key.js';
import type { Db } from '../../core/db/db.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Actor } from '../../core/records/actor.js';
import type { AfterCommit } from '../../core/db/after-commit.js';

/** One outcome inside the payment's transaction; `item` is what `lock` returned. */
export type PurchaseOutcome = {
  app: App;
  tx: Db;
  payment: RecordData;
  item: RecordData | null;
  actor: Actor;
  later: AfterCommit;
  /** Why, in the words the item's history records. */
  reason: string;
};

export type Purchasable = {
  readonly kind: string;
  /** The payment's relation field that points at what was bought. */
  readonly field: string;
  /**
   * Locks what `payment` bought, inside its transaction. Every payment change locks the item before
   * the payment, so two of them (a webhook and a verify call) queue up instead of deadlocking.
   */
  lock(app: App, tx: Db, payment: RecordData): Promise<RecordData | null>;
  /** The payment is paid. */
  onPaid(outcome: PurchaseOutcome): Promise<void>;
  /** The payment failed or was cancelled before the money was taken. */
  onClosed(outcome: PurchaseOutcome): Promise<void>;
  /** The money was taken but the coupon no longer held: the payment failed and is refunded. */
  onCouponLapsed(outcome: PurchaseOutcome): Promise<void>;
  /** Why `payment` cannot be refunded for `actor` now (the item's state), or null. */
  refundRefusal(app: App, payment: RecordData, actor: Actor): Promise<string | null>;
  /** The payment is refunded. */
  onRefunded(outcome: PurchaseOutcome): Promise<void>;
};

const nothing: Purchasable = {
  kind: 'none',
  field: '',
  lock: async () => null,
  onPaid: async () => undefined,
  onClosed: async () => undefined,
  onCouponLapsed: async () => undefined,
  refundRefusal: async () => null,
  onRefunded: async () => undefined,
};

const purchasablesKey = new ServiceKey<Map<string, Purchasable>>('purchasables');

function registryOf(app: App): Map<string, Purchasable> {
  return app.shared(purchasablesKey, () => new Map());
}

/** Registers a kind of purchase on `app` (its module's `register`). */
export function registerPurchasable(app: App, purchasable: Purchasable): void {
  const kinds = registryOf(app);
  if (kinds.has(purchasable.kind)) throw new Error(`purchasable ${purchasable.kind} is already registered`);
  kinds.set(purchasable.kind, purchasable);
}

/** The handlers of what `payment` bought; a no-op kind when it points at nothing registered. */
export function purchasableOf(app: App, payment: RecordData): Purchasable {
  for (const p of registryOf(app).values()) if (payment[p.field]) return p;
  return nothing;
}

/**
 * What a payment can buy, as the module that sells it describes it: how it is sold (`sale`, driven
 * by `startPurchase`), what becomes of it as its payment settles, and how it reads on the sandbox
 * page, the receipt and the payments export. Payments dispatch on the kind and never ask what was
 * bought, so selling something new is its own module registering one of these.
 */
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import type { RecordJson } from '../../core/records/serialize.js';
import type { Actor } from '../../core/records/actor.js';
import type { AfterCommit } from '../../core/db/after-commit.js';
import type { ReceiptItem } from '../../core/mail/templates.js';
import type { RecordOf } from '../record-of.js';

type Payment = RecordOf<'payments'>;
type Package = RecordOf<'packages'>;

/**
 * One outcome inside the payment's transaction; `item` is what `lock` returned. `Item` is the
 * record of what is bought (a photoshoot, a team), as its module's purchasable knows it.
 */
export type PurchaseOutcome<Item extends RecordData = RecordData> = {
  app: App;
  tx: Db;
  payment: Payment;
  item: Item | null;
  actor: Actor;
  later: AfterCommit;
  /** Why, in the words the item's history records. */
  reason: string;
};

/** What a quote or a checkout is placed on. */
export type SaleStage = 'quote' | 'checkout';

/** Where the provider's page sends the buyer back to (paths in the web app, and their query). */
export type ReturnLinks = { successPath: string; cancelPath: string; query: Record<string, string> };

/** How an item is sold; the steps `startPurchase` and `quotePurchase` leave to the item's module. */
export type Sale<Item extends RecordData = RecordData> = {
  /** The packages it is sold with (`packages.kind`). */
  readonly packageKind: string;
  /** The buyer chooses how many (`quantity`); otherwise always one. */
  readonly byQuantity: boolean;
  /**
   * The item `caller` orders, by id. `checkout`: locked in `db`'s transaction, and refused (400)
   * when it cannot be ordered now. @throws {ApiError} 401/404 when the caller may not buy it.
   */
  item(app: App, db: Db, caller: Caller, id: string, stage: SaleStage): Promise<Item>;
  /** The item's own rules for an order of `pkg` (all of them at checkout; the price's at a quote). */
  check?(app: App, db: Db, item: Item, pkg: Package, stage: SaleStage): Promise<void>;
  /** The item's open checkout (a payment id) when it has at most one at a time, else null. */
  openPayment?(item: Item): string | null;
  /**
   * Inside the checkout's transaction, right after the payment was written: what ordering does to
   * the item. The payment is already `paid` when nothing was due.
   */
  placed(outcome: PurchaseOutcome<Item>): Promise<void>;
  /** The provider page's line item. */
  itemName(pkg: Package, payment: Payment): string;
  returnLinks(item: Item, payment: Payment): ReturnLinks;
  /** Fields a quote adds to the price breakdown (how many seats it buys). */
  quoteExtras?(pkg: Package, quantity: number): Record<string, unknown>;
};

/** What was sold, for the words about it (receipt, sandbox page). */
export type Sold<Item extends RecordData = RecordData> = {
  payment: Payment;
  item: Item | null;
  pkg: Package | null;
  appURL: string;
};

/** One column of the payments export, about the item (its header must be unique in the file). */
export type ExportColumn = {
  readonly header: string;
  /** The payments relation to expand for `cell`, if any. */
  readonly expand?: string;
  cell(payment: RecordJson): unknown;
};

/**
 * A kind of purchase; `Item` is the record it sells (see PurchaseOutcome). Its handlers are
 * declared as methods, so a `Purchasable<RecordOf<'teams'>>` registers among the others as a
 * plain `Purchasable`: payments hand each one only the item its own `lock` returned.
 */
export type Purchasable<Item extends RecordData = RecordData> = {
  readonly kind: string;
  /** The payment's relation field that points at what was bought. */
  readonly field: string;
  readonly sale: Sale<Item>;
  /**
   * Locks what `payment` bought, inside its transaction. Every payment change locks the item before
   * the payment, so two of them (a webhook and a verify call) queue up instead of deadlocking.
   */
  lock(app: App, tx: Db, payment: Payment): Promise<Item | null>;
  /** The payment is paid. */
  onPaid(outcome: PurchaseOutcome<Item>): Promise<void>;
  /** The payment failed or was cancelled before the money was taken. */
  onClosed(outcome: PurchaseOutcome<Item>): Promise<void>;
  /** The money was taken but the coupon no longer held: the payment failed and is refunded. */
  onCouponLapsed(outcome: PurchaseOutcome<Item>): Promise<void>;
  /** Why `payment` cannot be refunded for `actor` now (the item's state), or null. */
  refundRefusal(app: App, payment: Payment, actor: Actor): Promise<string | null>;
  /** The payment is refunded. */
  onRefunded(outcome: PurchaseOutcome<Item>): Promise<void>;
  /** What the payment buys, in a few words (the sandbox checkout page). */
  describe(sold: Sold<Item>): string;
  /** The receipt's lines, message and button about the item. */
  receipt(sold: Sold<Item>): ReceiptItem;
  /** The refund mail's sentence on what the refund does to the item: a part (the order stands) or all. */
  readonly refundNote: { partial: string; full: string };
  readonly exportColumns: readonly ExportColumn[];
};

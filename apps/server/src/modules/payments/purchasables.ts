/**
 * The purchasable registry on the app (`app.shared`): each selling module registers its kind in
 * its `register`, in whatever order the module list has. A payment's kind is the registered kind
 * whose relation field is set on it.
 */
import type { App } from '../../core/app.js';
import { ApiError } from '../../core/errors.js';
import { ServiceKey } from '../../core/service-key.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Purchasable } from './purchasable.js';

/** A payment that points at nothing registered: settling it changes nothing else. */
const nothing: Purchasable = {
  kind: 'none',
  field: '',
  sale: {
    packageKind: '',
    byQuantity: false,
    item: () => Promise.reject(ApiError.notFound()),
    placed: async () => undefined,
    itemName: () => '',
    returnLinks: () => ({ successPath: '/', cancelPath: '/', query: {} }),
  },
  lock: async () => null,
  onPaid: async () => undefined,
  onClosed: async () => undefined,
  onCouponLapsed: async () => undefined,
  refundRefusal: async () => null,
  onRefunded: async () => undefined,
  describe: () => 'Order',
  receipt: ({ appURL }) => ({
    lines: [],
    message: 'Your order is confirmed.',
    action: { label: 'Open your account', url: appURL || '/' },
  }),
  refundNote: { partial: 'Your order stands.', full: 'Your order is marked refunded.' },
  exportColumns: [],
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

/**
 * Every registered kind, by kind name: an order that does not depend on the module list (the
 * export's columns keep their places when modules move).
 */
export function allPurchasables(app: App): Purchasable[] {
  return [...registryOf(app).values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** The registered kind named `kind`. @throws {Error} when no module registered it (a missing module). */
export function purchasableNamed(app: App, kind: string): Purchasable {
  const found = registryOf(app).get(kind);
  if (!found) throw new Error(`no module registers the purchasable ${kind}`);
  return found;
}

/** The handlers of what `payment` bought; a no-op kind when it points at nothing registered. */
export function purchasableOf(app: App, payment: RecordData): Purchasable {
  for (const p of registryOf(app).values()) if (payment[p.field]) return p;
  return nothing;
}

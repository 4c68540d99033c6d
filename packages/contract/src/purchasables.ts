/**
 * What a payment can buy: each kind a server module sells (its registered `Purchasable`), the
 * `payments` relation that points at the item, and the label the back office's payment filter
 * shows. `adminPath`, when the item has its own back-office page, is where the payments page links
 * it (with the item's id as `$id`). A server test fails when this list and the server's registered purchasables differ.
 */
import type { PaymentsRecord } from './records.gen.js';

export const PURCHASABLES = [
  { kind: 'photoshoot', field: 'photoshoot', label: 'Photoshoot', adminPath: '/admin/photoshoots/$id' },
  { kind: 'team_seats', field: 'team', label: 'Team seats' },
] as const satisfies readonly PurchasableEntry[];

/** One line of `PURCHASABLES`. */
export interface PurchasableEntry {
  kind: string;
  field: keyof PaymentsRecord;
  label: string;
  adminPath?: string;
}

export type PurchasableKind = (typeof PURCHASABLES)[number]['kind'];

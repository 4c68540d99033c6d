/**
 * What a payment can buy: each kind a server module sells (its registered `Purchasable`), the
 * `payments` relation that points at the item, and the label the back office's payment filter
 * shows. A server test fails when this list and the server's registered purchasables differ.
 */
import type { PaymentsRecord } from './records.gen.js';

export const PURCHASABLES = [
  { kind: 'photoshoot', field: 'photoshoot', label: 'Photoshoot' },
  { kind: 'team_seats', field: 'team', label: 'Team seats' },
] as const satisfies readonly { kind: string; field: keyof PaymentsRecord; label: string }[];

export type PurchasableKind = (typeof PURCHASABLES)[number]['kind'];

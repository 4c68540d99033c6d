/** The search of the team payment pages: the payment (and team) a checkout came back with. */
export type TeamPaymentSearch = { payment?: string; team?: string; cancelled?: string };

// note: the router parses search values as JSON, so `cancelled=1` (or an all-digit id) is a number.
const text = (v: unknown) =>
  (typeof v === 'string' && v) || (typeof v === 'number' && Number.isFinite(v)) ? String(v) : undefined;

export function teamPaymentSearch(s: Record<string, unknown>): TeamPaymentSearch {
  return { payment: text(s.payment), team: text(s.team), cancelled: text(s.cancelled) };
}

/** The search of the team payment pages: the payment (and team) a checkout came back with. */
export type TeamPaymentSearch = { payment?: string; team?: string; cancelled?: string };

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

export function teamPaymentSearch(s: Record<string, unknown>): TeamPaymentSearch {
  return { payment: text(s.payment), team: text(s.team), cancelled: text(s.cancelled) };
}

import { PURCHASABLES } from '@photoshoot/contract';
import { DEFAULT_PER_PAGE, type ListState } from '../../../ui/list-state';
import { readDay, readPage, toRawSearch, type FilterFn, type RawSearch } from '../data/url-search';

/** The payments list as the URL holds it (`/admin/payments?status=paid&provider=stripe`). */
export type PaymentsSearch = {
  page: number;
  sort: string;
  /** Customer email (partial) or a payment id / provider reference (exact). */
  q: string;
  status: string;
  provider: string;
  /** What was bought: a purchasable's kind (`PURCHASABLES`), e.g. `photoshoot` or `team_seats`. */
  kind: string;
  /** Created on or after this day (`YYYY-MM-DD`, UTC). */
  from: string;
  to: string;
  /** Only charges that failed on our side and are still owed back. */
  owed: boolean;
};

export const PAYMENTS_DEFAULTS: PaymentsSearch = {
  page: 1,
  sort: '-created',
  q: '',
  status: '',
  provider: '',
  kind: '',
  from: '',
  to: '',
  owed: false,
};

const SORTABLE = /^[-+]?(created|paidAt|status|provider|amountCents|discountCents|couponCode)$/;

/** The server's `OWED_SQL` in the filter language. */
export const OWED_FILTER =
  "status = 'failed' && providerPaymentRef != '' && refundedAt = '' && amountCents > 0";

export function readPaymentsSearch(raw: RawSearch): PaymentsSearch {
  const sort = (raw.sort ?? '').split(',').every((p) => SORTABLE.test(p)) ? raw.sort! : '';
  return {
    page: readPage(raw.page),
    sort: sort || PAYMENTS_DEFAULTS.sort,
    q: (raw.q ?? '').trim(),
    status: raw.status ?? '',
    provider: raw.provider ?? '',
    kind: PURCHASABLES.some((p) => p.kind === raw.kind) ? raw.kind! : '',
    from: readDay(raw.from),
    to: readDay(raw.to),
    owed: raw.owed === '1' || raw.owed === 'true',
  };
}

export function paymentsRawSearch(state: PaymentsSearch): RawSearch {
  return toRawSearch(state, PAYMENTS_DEFAULTS);
}

/** The records API's list state for the URL's state; the CSV export sends the same filter and sort. */
export function paymentsListState(s: PaymentsSearch, filter: FilterFn): ListState {
  const parts: string[] = [];
  if (s.q) parts.push(filter('(user.email ~ {:q} || id = {:q} || providerRef = {:q})', { q: s.q }));
  if (s.status) parts.push(filter('status = {:status}', { status: s.status }));
  if (s.provider) parts.push(filter('provider = {:provider}', { provider: s.provider }));
  const bought = PURCHASABLES.find((p) => p.kind === s.kind);
  if (bought) parts.push(`${bought.field} != ''`);
  if (s.from) parts.push(filter('created >= {:from}', { from: `${s.from} 00:00:00.000Z` }));
  if (s.to) parts.push(filter('created <= {:to}', { to: `${s.to} 23:59:59.999Z` }));
  if (s.owed) parts.push(`(${OWED_FILTER})`);
  return { page: s.page, perPage: DEFAULT_PER_PAGE, sort: s.sort, filter: parts.join(' && ') };
}

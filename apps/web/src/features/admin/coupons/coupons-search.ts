import { DEFAULT_PER_PAGE, type ListState } from '../../../ui/list-state';
import { readPage, toRawSearch, type FilterFn, type RawSearch } from '../data/url-search';
import { COUPON_STATES, type CouponState } from './coupon-state';

/** The coupons list as the URL holds it (`/admin/coupons?state=active&q=SPRING`). */
export type CouponsSearch = { page: number; sort: string; q: string; state: '' | CouponState };

export const COUPONS_DEFAULTS: CouponsSearch = { page: 1, sort: '-created', q: '', state: '' };

const SORTABLE = /^[-+]?(created|code|redemptions|maxRedemptions|expiresAt|percentOff|amountOffCents)$/;

export function readCouponsSearch(raw: RawSearch): CouponsSearch {
  const sort = (raw.sort ?? '').split(',').every((p) => SORTABLE.test(p)) ? raw.sort! : '';
  const state = raw.state && raw.state in COUPON_STATES ? (raw.state as CouponState) : '';
  return { page: readPage(raw.page), sort: sort || COUPONS_DEFAULTS.sort, q: (raw.q ?? '').trim(), state };
}

export function couponsRawSearch(state: CouponsSearch): RawSearch {
  return toRawSearch(state, COUPONS_DEFAULTS);
}

export function couponsListState(s: CouponsSearch, filter: FilterFn): ListState {
  const parts: string[] = [];
  if (s.q) parts.push(filter('(code ~ {:q} || description ~ {:q})', { q: s.q }));
  if (s.state) parts.push(`(${COUPON_STATES[s.state].filter})`);
  return { page: s.page, perPage: DEFAULT_PER_PAGE, sort: s.sort, filter: parts.join(' && ') };
}

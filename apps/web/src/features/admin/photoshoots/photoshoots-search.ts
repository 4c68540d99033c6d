import { DEFAULT_PER_PAGE, type ListState } from '../../../ui/list-state';
import { readDay, readPage, toRawSearch, type FilterFn, type RawSearch } from '../data/url-search';

/** The photoshoots list as the URL holds it (`/admin/photoshoots?status=review&q=ada`). */
export type PhotoshootsSearch = {
  page: number;
  sort: string;
  /** Customer email or name, partial. */
  q: string;
  status: string;
  package: string;
  team: string;
  /** Created on or after this day (`YYYY-MM-DD`, UTC). */
  from: string;
  /** Created on or before this day. */
  to: string;
  /** Processing with an expired lease: the worker holding it is gone. */
  stuck: boolean;
};

export const PHOTOSHOOTS_DEFAULTS: PhotoshootsSearch = {
  page: 1,
  sort: '-created',
  q: '',
  status: '',
  package: '',
  team: '',
  from: '',
  to: '',
  stuck: false,
};

const SORTABLE = /^[-+]?(created|updated|status|amountDueCents|queuedAt|completedAt|title)$/;

export function readPhotoshootsSearch(raw: RawSearch): PhotoshootsSearch {
  const sort = (raw.sort ?? '').split(',').every((p) => SORTABLE.test(p)) ? raw.sort! : '';
  return {
    page: readPage(raw.page),
    sort: sort || PHOTOSHOOTS_DEFAULTS.sort,
    q: (raw.q ?? '').trim(),
    status: raw.status ?? '',
    package: raw.package ?? '',
    team: raw.team ?? '',
    from: readDay(raw.from),
    to: readDay(raw.to),
    stuck: raw.stuck === '1' || raw.stuck === 'true',
  };
}

export function photoshootsRawSearch(state: PhotoshootsSearch): RawSearch {
  return toRawSearch(state, PHOTOSHOOTS_DEFAULTS);
}

/** The records API's list state for the URL's state: one filter, every value bound by `filter`. */
export function photoshootsListState(s: PhotoshootsSearch, filter: FilterFn): ListState {
  const parts: string[] = [];
  if (s.q) parts.push(filter('(user.email ~ {:q} || user.name ~ {:q})', { q: s.q }));
  if (s.status) parts.push(filter('status = {:status}', { status: s.status }));
  if (s.package) parts.push(filter('package = {:package}', { package: s.package }));
  if (s.team === 'none') parts.push("team = ''");
  else if (s.team === 'any') parts.push("team != ''");
  else if (s.team) parts.push(filter('team = {:team}', { team: s.team }));
  if (s.from) parts.push(filter('created >= {:from}', { from: `${s.from} 00:00:00.000Z` }));
  if (s.to) parts.push(filter('created <= {:to}', { to: `${s.to} 23:59:59.999Z` }));
  if (s.stuck) parts.push("status = 'processing' && leaseExpiresAt != '' && leaseExpiresAt < @now");
  return { page: s.page, perPage: DEFAULT_PER_PAGE, sort: s.sort, filter: parts.join(' && ') };
}

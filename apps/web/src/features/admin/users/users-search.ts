import { DEFAULT_PER_PAGE, type ListState } from '../../../ui/list-state';
import { readPage, toRawSearch, type FilterFn, type RawSearch } from '../data/url-search';

/** The users list as the URL holds it (`/admin/users?q=ada&verified=no&sort=email`). */
export type UsersSearch = {
  page: number;
  sort: string;
  /** Email or name, partial. */
  q: string;
  /** `yes`, `no`, or '' for everyone. */
  verified: '' | 'yes' | 'no';
};

export const USERS_DEFAULTS: UsersSearch = { page: 1, sort: '-created', q: '', verified: '' };

const SORTABLE = /^[-+]?(created|email)$/;

export function readUsersSearch(raw: RawSearch): UsersSearch {
  const sort = raw.sort && SORTABLE.test(raw.sort) ? raw.sort : USERS_DEFAULTS.sort;
  const verified = raw.verified === 'yes' || raw.verified === 'no' ? raw.verified : '';
  return { page: readPage(raw.page), sort, q: (raw.q ?? '').trim(), verified };
}

export function usersRawSearch(state: UsersSearch): RawSearch {
  return toRawSearch(state, USERS_DEFAULTS);
}

/** The records API's list state for the URL's state: one filter, every value bound by `filter`. */
export function usersListState(s: UsersSearch, filter: FilterFn): ListState {
  const parts: string[] = [];
  if (s.q) parts.push(filter('(email ~ {:q} || name ~ {:q})', { q: s.q }));
  if (s.verified) parts.push(`verified = ${s.verified === 'yes'}`);
  return { page: s.page, perPage: DEFAULT_PER_PAGE, sort: s.sort, filter: parts.join(' && ') };
}

import { DEFAULT_PER_PAGE, type ListState } from '../../../ui/list-state';
import { readPage, toRawSearch, type FilterFn, type RawSearch } from '../data/url-search';

/**
 * The contact inbox as the URL holds it (`/admin/contact-messages?status=new`). The collection's
 * `status` is the triage state: `new` until an operator opens it (`read`), `answered` once handled,
 * or `spam`; "handled" in the back office is `answered`.
 */
export type ContactSearch = { page: number; sort: string; q: string; status: string; topic: string };

export const CONTACT_DEFAULTS: ContactSearch = { page: 1, sort: '-created', q: '', status: '', topic: '' };

export const CONTACT_STATUSES = ['new', 'read', 'answered', 'spam'] as const;

const SORTABLE = /^[-+]?(created|status|email|name|topic)$/;

export function readContactSearch(raw: RawSearch): ContactSearch {
  const sort = (raw.sort ?? '').split(',').every((p) => SORTABLE.test(p)) ? raw.sort! : '';
  const status = raw.status ?? '';
  return {
    page: readPage(raw.page),
    sort: sort || CONTACT_DEFAULTS.sort,
    q: (raw.q ?? '').trim(),
    status: (CONTACT_STATUSES as readonly string[]).includes(status) ? status : '',
    topic: raw.topic ?? '',
  };
}

export function contactRawSearch(state: ContactSearch): RawSearch {
  return toRawSearch(state, CONTACT_DEFAULTS);
}

export function contactListState(s: ContactSearch, filter: FilterFn): ListState {
  const parts: string[] = [];
  if (s.q) parts.push(filter('(email ~ {:q} || name ~ {:q} || message ~ {:q})', { q: s.q }));
  if (s.status) parts.push(filter('status = {:status}', { status: s.status }));
  if (s.topic) parts.push(filter('topic = {:topic}', { topic: s.topic }));
  return { page: s.page, perPage: DEFAULT_PER_PAGE, sort: s.sort, filter: parts.join(' && ') };
}

import type { ContactMessagesRecord, CouponsRecord } from '@photoshoot/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listArgs, type ListPage, type ListState } from '../../../ui/list-state';
import { contactListState, type ContactSearch } from '../contact/contact-search';
import { couponsListState, type CouponsSearch } from '../coupons/coupons-search';
import { originalsListState, type OriginalsSearch } from '../originals/originals-search';
import { OWED_FILTER, paymentsListState, type PaymentsSearch } from '../payments/payments-search';
import { photoshootsListState, type PhotoshootsSearch } from '../photoshoots/photoshoots-search';
import { resultsListState, type ResultsSearch } from '../results/results-search';
import { usersListState, type UsersSearch } from '../users/users-search';
import { adminPb } from './admin-client';
import { adminKeys } from './admin-keys';
import type { AdminResult, AdminUser, AdminPhotoshoot, ListedOriginal, PaymentRow } from './admin-types';
import type { FilterFn } from './url-search';

type CollectionName = Parameters<typeof adminPb.collection>[0];

/** `pb.filter` of the admin client: binds values safely into a list's filter expression. */
const filter: FilterFn = adminPb.filter.bind(adminPb);

/**
 * The back-office lists: each maps a page's URL state to its list state (page, sort, filter) and
 * the query of that page of records, kept on screen while the next one loads. The list routes'
 * loaders ensure the same queries before the page paints.
 */
function listPage<T>(key: readonly unknown[], state: ListState, collection: CollectionName, expand?: string) {
  const [page, perPage, options] = listArgs(state);
  return {
    state,
    collection,
    key,
    query: queryOptions({
      queryKey: [...key, state],
      queryFn: (): Promise<ListPage<T>> =>
        adminPb.collection(collection).getList<T>(page, perPage, expand ? { ...options, expand } : options),
      placeholderData: keepPreviousData,
    }),
  };
}

/** What each list's live updates and writes invalidate: every page and filter of that list. */
export const listKeys = adminKeys.lists;

export const adminLists = {
  payments: (s: PaymentsSearch) =>
    listPage<PaymentRow>(listKeys.payments, paymentsListState(s, filter), 'payments', 'user,package,team'),
  photoshoots: (s: PhotoshootsSearch) =>
    listPage<AdminPhotoshoot>(
      listKeys.photoshoots,
      photoshootsListState(s, filter),
      'photoshoots',
      'user,package,team',
    ),
  coupons: (s: CouponsSearch) =>
    listPage<CouponsRecord>(listKeys.coupons, couponsListState(s, filter), 'coupons'),
  contactMessages: (s: ContactSearch) =>
    listPage<ContactMessagesRecord>(
      listKeys.contactMessages,
      contactListState(s, filter),
      'contact_messages',
    ),
  users: (s: UsersSearch) => listPage<AdminUser>(listKeys.users, usersListState(s, filter), 'users'),
  results: (s: ResultsSearch, threshold: number) =>
    listPage<AdminResult>(
      listKeys.results,
      resultsListState(s, threshold, filter),
      'results',
      'style,photoshoot',
    ),
  originals: (s: OriginalsSearch) =>
    listPage<ListedOriginal>(
      listKeys.originals,
      originalsListState(s, filter),
      'original_photos',
      'user,photoshoot',
    ),
};

/** How many refunds are owed (charged, then failed on our side): the payments page's banner. */
export const owedRefundsQuery = queryOptions({
  queryKey: [...listKeys.payments, 'owed'],
  queryFn: () => adminPb.collection('payments').getList(1, 1, { filter: OWED_FILTER, fields: 'id' }),
});

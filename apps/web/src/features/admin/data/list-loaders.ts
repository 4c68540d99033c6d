import { queryClient } from '../../../lib/query-client';
import { readContactSearch } from '../contact/contact-search';
import { readCouponsSearch } from '../coupons/coupons-search';
import { readOriginalsSearch } from '../originals/originals-search';
import { readPaymentsSearch } from '../payments/payments-search';
import { readPhotoshootsSearch } from '../photoshoots/photoshoots-search';
import { likenessThreshold, readResultsSearch } from '../results/results-search';
import { readUsersSearch } from '../users/users-search';
import { adminLists, owedRefundsQuery } from './list-queries';
import {
  packageNamesQuery,
  packagesQuery,
  settingsQuery,
  styleNamesQuery,
  teamNamesQuery,
} from './option-queries';
import type { RawSearch } from './url-search';

/**
 * The list routes' loaders: the page of records the URL asks for and what the filters choose
 * from are read before the page paints. A failed read is left to the page, which shows it with a
 * way to try again (a loader's error would replace the whole page).
 */
const ensure = (...reads: Array<Promise<unknown>>) =>
  Promise.all(reads.map((read) => read.catch(() => undefined))).then(() => undefined);
const load: typeof queryClient.ensureQueryData = (options) => queryClient.ensureQueryData(options);

export const listLoaders = {
  payments: (raw: RawSearch) =>
    ensure(load(adminLists.payments(readPaymentsSearch(raw)).query), load(owedRefundsQuery)),
  photoshoots: (raw: RawSearch) =>
    ensure(
      load(adminLists.photoshoots(readPhotoshootsSearch(raw)).query),
      load(packageNamesQuery),
      load(teamNamesQuery),
    ),
  coupons: (raw: RawSearch) =>
    ensure(load(adminLists.coupons(readCouponsSearch(raw)).query), load(packagesQuery)),
  contactMessages: (raw: RawSearch) => ensure(load(adminLists.contactMessages(readContactSearch(raw)).query)),
  users: (raw: RawSearch) => ensure(load(adminLists.users(readUsersSearch(raw)).query)),
  originals: (raw: RawSearch) => ensure(load(adminLists.originals(readOriginalsSearch(raw)).query)),
  /** The likeness bar comes first: the "under the bar" filter needs it. */
  results: async (raw: RawSearch) => {
    const settings = await load(settingsQuery).catch(() => undefined);
    const search = readResultsSearch(raw);
    await ensure(
      load(styleNamesQuery),
      search.below && !settings
        ? Promise.resolve()
        : load(adminLists.results(search, likenessThreshold(settings)).query),
    );
  },
};

export type ListLoaders = typeof listLoaders;

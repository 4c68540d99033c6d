import { ensure, load } from '../../../lib/ensure-queries';
import { readContactSearch } from '../contact/contact-search';
import { readCouponsSearch } from '../coupons/coupons-search';
import { readOriginalsSearch } from '../originals/originals-search';
import { readPaymentsSearch } from '../payments/payments-search';
import { readPhotoshootsSearch } from '../photoshoots/photoshoots-search';
import { likenessThreshold, readResultsSearch } from '../results/results-search';
import { readUsersSearch } from '../users/users-search';
import { overviewQuery } from '../overview/data/overview-query';
import { secretsQuery } from '../settings/data/settings-api';
import { catalogQuery } from '../styles/data/use-catalog';
import { adminUserQueries } from '../users/data/use-admin-user';
import { adminLists, owedRefundsQuery } from './list-queries';
import { adminPhotoshootQueries } from './use-admin-photoshoot';
import {
  packageNamesQuery,
  packagesQuery,
  settingsQuery,
  styleNamesQuery,
  teamNamesQuery,
} from './option-queries';
import type { RawSearch } from './url-search';

/**
 * The back office's route loaders: what a page shows first is read before it paints (a list's
 * page of records and what its filters choose from; a record and what is shown beside it). A
 * failed read is left to the page (`ensure`).
 */

/** The list pages, by the URL's search. */
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

/** The other pages, by the record in their path (`$id`), when they have one. */
export const pageLoaders = {
  overview: () => ensure(load(overviewQuery)),
  settings: () => ensure(load(settingsQuery), load(secretsQuery)),
  styles: () => ensure(load(catalogQuery)),
  photoshoot: (id: string) => {
    const q = adminPhotoshootQueries;
    return ensure(
      load(q.photoshoot(id)),
      load(q.results(id)),
      load(q.originals(id)),
      load(q.payments(id)),
      load(q.events(id)),
    );
  },
  review: (id: string) =>
    ensure(
      load(adminPhotoshootQueries.photoshoot(id)),
      load(adminPhotoshootQueries.results(id)),
      load(adminPhotoshootQueries.originals(id)),
    ),
  user: (id: string) => {
    const q = adminUserQueries;
    return ensure(
      load(q.user(id)),
      load(q.summary(id)),
      load(q.photoshoots(id)),
      load(q.payments(id)),
      load(q.teams(id)),
    );
  },
};

export type ListLoaders = typeof listLoaders;
export type PageLoaders = typeof pageLoaders;

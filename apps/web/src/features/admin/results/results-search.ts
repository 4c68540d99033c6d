import { DEFAULT_PER_PAGE, type ListState } from '../../../ui/list-state';
import { readPage, toRawSearch, type FilterFn, type RawSearch } from '../data/url-search';

/** The results list as the URL holds it (`/admin/results?review=pending&below=1`). */
export type ResultsSearch = {
  page: number;
  sort: string;
  review: string;
  style: string;
  /** Only results whose likeness is under the threshold in settings. */
  below: boolean;
};

export const RESULTS_DEFAULTS: ResultsSearch = {
  page: 1,
  sort: '-created',
  review: '',
  style: '',
  below: false,
};

const SORTABLE = /^[-+]?(created|updated|likeness|review|variant)$/;
const REVIEWS = ['pending', 'approved', 'rejected'];

export function readResultsSearch(raw: RawSearch): ResultsSearch {
  const sort = (raw.sort ?? '').split(',').every((p) => SORTABLE.test(p)) ? raw.sort! : '';
  return {
    page: readPage(raw.page),
    sort: sort || RESULTS_DEFAULTS.sort,
    review: REVIEWS.includes(raw.review ?? '') ? raw.review! : '',
    style: raw.style ?? '',
    below: raw.below === '1' || raw.below === 'true',
  };
}

export function resultsRawSearch(state: ResultsSearch): RawSearch {
  return toRawSearch(state, RESULTS_DEFAULTS);
}

/** The records API's list state; `threshold` is the likeness bar from settings. */
export function resultsListState(s: ResultsSearch, threshold: number, filter: FilterFn): ListState {
  const parts: string[] = [];
  if (s.review) parts.push(filter('review = {:review}', { review: s.review }));
  if (s.style) parts.push(filter('style = {:style}', { style: s.style }));
  // note: a likeness of 0 means "not scored" (no face found or the check is off), not "unlike".
  if (s.below) parts.push(filter('likeness > 0 && likeness < {:t}', { t: threshold }));
  return { page: s.page, perPage: DEFAULT_PER_PAGE, sort: s.sort, filter: parts.join(' && ') };
}

/** The likeness bar operators set in the processing settings; half when none is set. */
export function likenessThreshold(settings: { processing?: unknown } | undefined): number {
  return Number(
    (settings?.processing as { likenessThreshold?: number } | undefined)?.likenessThreshold ?? 0.5,
  );
}

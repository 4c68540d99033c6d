import { DEFAULT_PER_PAGE, type ListState } from '../../../ui/list-state';
import { readPage, toRawSearch, type FilterFn, type RawSearch } from '../data/url-search';
import { QC_REASONS, QC_VERDICTS } from './qc-reasons';

/** The uploads grid as the URL holds it (`/admin/original-photos?qc=rejected&reason=blurry`). */
export type OriginalsSearch = { page: number; sort: string; qc: string; reason: string };

export const ORIGINALS_DEFAULTS: OriginalsSearch = { page: 1, sort: '-created', qc: '', reason: '' };

const SORTS = ['-created', 'created'];
const known = (list: ReadonlyArray<{ value: string }>, v: string | undefined) =>
  list.some((o) => o.value === v) ? v! : '';

export function readOriginalsSearch(raw: RawSearch): OriginalsSearch {
  return {
    page: readPage(raw.page),
    sort: SORTS.includes(raw.sort ?? '') ? raw.sort! : ORIGINALS_DEFAULTS.sort,
    qc: known(QC_VERDICTS, raw.qc),
    reason: known(QC_REASONS, raw.reason),
  };
}

export function originalsRawSearch(state: OriginalsSearch): RawSearch {
  return toRawSearch(state, ORIGINALS_DEFAULTS);
}

/**
 * The records API's list state. A reason is matched inside the `qcReasons` JSON by its quoted code
 * (`"blurry"`): quotes keep one code from matching inside another, and the sentences never hold any.
 */
export function originalsListState(s: OriginalsSearch, filter: FilterFn): ListState {
  const parts: string[] = [];
  if (s.qc) parts.push(filter('qc = {:qc}', { qc: s.qc }));
  if (s.reason) parts.push(filter('qcReasons ~ {:code}', { code: `"${s.reason}"` }));
  return { page: s.page, perPage: DEFAULT_PER_PAGE, sort: s.sort, filter: parts.join(' && ') };
}

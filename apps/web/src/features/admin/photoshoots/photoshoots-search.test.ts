import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import {
  PHOTOSHOOTS_DEFAULTS,
  photoshootsListState,
  photoshootsRawSearch,
  readPhotoshootsSearch,
} from './photoshoots-search';

const sdk = new PocketBase('http://127.0.0.1');
const filter = sdk.filter.bind(sdk);

describe('photoshoots list state ↔ URL', () => {
  it('reads the defaults from an empty query and writes nothing back for them', () => {
    const state = readPhotoshootsSearch({});
    expect(state).toEqual(PHOTOSHOOTS_DEFAULTS);
    expect(photoshootsRawSearch(state)).toEqual({});
    expect(photoshootsListState(state, filter)).toEqual({
      page: 1,
      perPage: 30,
      sort: '-created',
      filter: '',
    });
  });

  it('round-trips a filtered, sorted, paged list through the URL', () => {
    const raw = {
      page: '3',
      sort: 'amountDueCents',
      q: 'ada',
      status: 'review',
      from: '2026-01-02',
      stuck: '1',
    };
    const state = readPhotoshootsSearch(raw);
    expect(state).toMatchObject({ page: 3, sort: 'amountDueCents', q: 'ada', status: 'review', stuck: true });
    expect(photoshootsRawSearch(state)).toEqual(raw);
    expect(readPhotoshootsSearch(photoshootsRawSearch(state))).toEqual(state);
  });

  it('drops what is not a page, a day or a known sort', () => {
    const state = readPhotoshootsSearch({
      page: '-2',
      from: '02/01/2026',
      to: '2026-13-45',
      sort: 'password',
    });
    expect(state.page).toBe(1);
    expect(state.from).toBe('');
    expect(state.to).toBe('');
    expect(state.sort).toBe('-created');
  });

  it('turns the state into one records-API filter with every value bound, never pasted', () => {
    const state = readPhotoshootsSearch({
      q: "o'brien",
      status: 'failed',
      package: 'pkg1',
      team: 'none',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    const { filter: f } = photoshootsListState(state, filter);
    expect(f).toBe(
      `(user.email ~ "o'brien" || user.name ~ "o'brien") && status = "failed" && package = "pkg1" && ` +
        `team = '' && created >= "2026-01-01 00:00:00.000Z" && created <= "2026-01-31 23:59:59.999Z"`,
    );
  });
});

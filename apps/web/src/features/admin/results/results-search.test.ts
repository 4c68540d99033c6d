import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { readResultsSearch, resultsListState, resultsRawSearch } from './results-search';

const sdk = new PocketBase('http://127.0.0.1');
const filter = sdk.filter.bind(sdk);

describe('results list state ↔ URL', () => {
  it('round-trips the filters and leaves defaults out of the URL', () => {
    expect(resultsRawSearch(readResultsSearch({}))).toEqual({});
    const raw = { page: '2', review: 'rejected', style: 'st1', below: '1', sort: 'likeness' };
    expect(resultsRawSearch(readResultsSearch(raw))).toEqual(raw);
  });

  it('ignores an unknown review state or sort', () => {
    expect(readResultsSearch({ review: 'maybe', sort: 'params' })).toMatchObject({
      review: '',
      sort: '-created',
    });
  });

  it('filters below the likeness threshold, leaving unscored results out', () => {
    const state = readResultsSearch({ below: '1', review: 'pending' });
    expect(resultsListState(state, 0.5, filter).filter).toBe(
      'review = "pending" && likeness > 0 && likeness < 0.5',
    );
  });
});

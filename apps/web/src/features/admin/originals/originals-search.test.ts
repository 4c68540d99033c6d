import { describe, expect, it } from 'vitest';
import { originalsListState, originalsRawSearch, readOriginalsSearch } from './originals-search';

// A stand-in for pb.filter that shows which values were bound.
const filter = (expr: string, params: Record<string, unknown>) =>
  expr.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(params[k]));

describe('original photos search', () => {
  it('reads known verdicts and reasons and drops anything else', () => {
    expect(readOriginalsSearch({ qc: 'rejected', reason: 'too_dark', page: '3' })).toEqual({
      page: 3,
      sort: '-created',
      qc: 'rejected',
      reason: 'too_dark',
    });
    expect(readOriginalsSearch({ qc: "x' || 1=1", reason: 'nope', page: '-2', sort: 'hash' })).toEqual({
      page: 1,
      sort: '-created',
      qc: '',
      reason: '',
    });
  });

  it('filters by verdict and by the quoted reason code, 30 per page', () => {
    const state = originalsListState(readOriginalsSearch({ qc: 'rejected', reason: 'blurry' }), filter);
    expect(state).toEqual({
      page: 1,
      perPage: 30,
      sort: '-created',
      filter: 'qc = "rejected" && qcReasons ~ "\\"blurry\\""',
    });
  });

  it('writes only what differs from the defaults into the URL', () => {
    expect(originalsRawSearch({ page: 1, sort: '-created', qc: 'accepted', reason: '' })).toEqual({
      qc: 'accepted',
    });
  });
});

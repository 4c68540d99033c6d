import { describe, expect, it } from 'vitest';
import { fromSortString, listArgs, toSortString } from './list-state';
import { pageWindow } from './page-window';

describe('PocketBase sort strings', () => {
  it('writes descending fields with a minus and joins them with commas', () => {
    expect(
      toSortString([
        { id: 'created', desc: true },
        { id: 'name', desc: false },
      ]),
    ).toBe('-created,name');
    expect(toSortString([])).toBe('');
  });

  it('reads them back, with + and blanks tolerated', () => {
    expect(fromSortString('-created, +name,,')).toEqual([
      { id: 'created', desc: true },
      { id: 'name', desc: false },
    ]);
    expect(fromSortString('')).toEqual([]);
    expect(fromSortString('-')).toEqual([]);
  });
});

describe('listArgs', () => {
  it('gives getList its page, page size and only the options that are set', () => {
    expect(listArgs({ page: 2, perPage: 30, sort: '-created', filter: 'status = "paid"' })).toEqual([
      2,
      30,
      { sort: '-created', filter: 'status = "paid"' },
    ]);
    expect(listArgs({ page: 1, perPage: 30, sort: '', filter: '' })).toEqual([1, 30, {}]);
  });
});

describe('pageWindow', () => {
  it('keeps the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('shows a lone skipped page rather than a gap', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });
});

import { describe, expect, it } from 'vitest';
import { readUsersSearch, usersListState, usersRawSearch } from './users-search';

const filter = (expr: string, params: Record<string, unknown>) =>
  expr.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(params[k]));

describe('the users list in the URL', () => {
  it('reads defaults from an empty address and writes none back', () => {
    const s = readUsersSearch({});
    expect(s).toEqual({ page: 1, sort: '-created', q: '', verified: '' });
    expect(usersRawSearch(s)).toEqual({});
    expect(usersListState(s, filter)).toEqual({ page: 1, perPage: 30, sort: '-created', filter: '' });
  });

  it('turns search, verification and sort into one bound filter', () => {
    const s = readUsersSearch({ q: ' ada@', verified: 'no', sort: 'email', page: '3' });
    expect(usersRawSearch(s)).toEqual({ q: 'ada@', verified: 'no', sort: 'email', page: '3' });
    expect(usersListState(s, filter)).toEqual({
      page: 3,
      perPage: 30,
      sort: 'email',
      filter: '(email ~ "ada@" || name ~ "ada@") && verified = false',
    });
  });

  it('ignores sorts and filters it does not offer', () => {
    const s = readUsersSearch({ sort: 'password', verified: 'maybe', page: '-2' });
    expect(s).toEqual({ page: 1, sort: '-created', q: '', verified: '' });
  });
});

import { PURCHASABLES } from '@photoshoot/contract';
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import {
  OWED_FILTER,
  PAYMENTS_DEFAULTS,
  paymentsListState,
  paymentsRawSearch,
  readPaymentsSearch,
} from './payments-search';

const sdk = new PocketBase('http://127.0.0.1');
const filter = sdk.filter.bind(sdk);

describe('payments list state ↔ URL', () => {
  it('reads the defaults from an empty query and writes nothing back for them', () => {
    const state = readPaymentsSearch({});
    expect(state).toEqual(PAYMENTS_DEFAULTS);
    expect(paymentsRawSearch(state)).toEqual({});
    expect(paymentsListState(state, filter)).toEqual({ page: 1, perPage: 30, sort: '-created', filter: '' });
  });

  it('round-trips every filter through the URL and binds typed text safely', () => {
    const raw = {
      page: '2',
      sort: 'amountCents',
      q: "o'brien@example.com",
      status: 'paid',
      provider: 'stripe',
      kind: 'team_seats',
      from: '2026-01-02',
      to: '2026-01-31',
      owed: '1',
    };
    const state = readPaymentsSearch(raw);
    expect(paymentsRawSearch(state)).toEqual(raw);
    const { filter: f } = paymentsListState(state, filter);
    expect(f).toContain(`user.email ~ "o'brien@example.com"`);
    expect(f).toContain("team != ''");
    expect(f).toContain('provider = "stripe"');
    expect(f).toContain(`(${OWED_FILTER})`);
    expect(f).toContain('created <= "2026-01-31 23:59:59.999Z"');
  });

  it('drops what it does not know: a foreign sort, a made-up kind, a bad day', () => {
    const state = readPaymentsSearch({ sort: 'password', kind: 'everything', from: '2026-13-45' });
    expect(state).toEqual(PAYMENTS_DEFAULTS);
  });

  it('offers every purchasable kind of the contract, each filtering on its own payments field', () => {
    expect(PURCHASABLES.map((p) => p.kind)).toEqual(['photoshoot', 'team_seats']);
    for (const { kind, field } of PURCHASABLES) {
      const state = readPaymentsSearch({ kind });
      expect(state.kind).toBe(kind);
      expect(paymentsListState(state, filter).filter).toBe(`${field} != ''`);
    }
  });
});

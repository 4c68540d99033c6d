import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('the query client', () => {
  it('fetches afresh when a query is invalidated while its first fetch, answered before a write, is in flight', async () => {
    const client = createQueryClient();
    let calls = 0;
    let answerFirst!: (rows: string[]) => void;
    const queryFn = () => {
      calls += 1;
      if (calls === 1) return new Promise<string[]>((resolve) => (answerFirst = resolve));
      return Promise.resolve(['written']);
    };
    const observer = new QueryObserver(client, { queryKey: ['invites'], queryFn });
    const seen: (string[] | undefined)[] = [];
    const stop = observer.subscribe((r) => seen.push(r.data));

    // The write lands while the first fetch is still out; its answer predates the write.
    const invalidated = client.invalidateQueries({ queryKey: ['invites'] });
    answerFirst([]);
    await invalidated;

    expect(calls).toBe(2);
    expect(client.getQueryData(['invites'])).toEqual(['written']);
    expect(seen.at(-1)).toEqual(['written']);
    stop();
  });
});

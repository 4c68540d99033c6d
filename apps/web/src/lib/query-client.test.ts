import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('the query client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("does not repeat a loader's failed read when the page mounts, but does once it is old", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = createQueryClient();
    let calls = 0;
    const queryFn = () => {
      calls += 1;
      return Promise.reject(Object.assign(new Error('not found'), { status: 404 }));
    };
    const options = { queryKey: ['photoshoot', 'someone-elses'], queryFn };
    // The route's loader: its failure is left to the page.
    await client.ensureQueryData(options).catch(() => undefined);
    expect(calls).toBe(1);

    const mount = async () => {
      const observer = new QueryObserver(client, options);
      const stop = observer.subscribe(() => {});
      await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
      const { status } = observer.getCurrentResult();
      stop();
      return status;
    };
    // The page mounts at once: it shows the loader's answer.
    expect(await mount()).toBe('error');
    expect(calls).toBe(1);
    // Mounted again half a minute later (the visitor came back): asked again.
    vi.setSystemTime(Date.now() + 30_000);
    expect(await mount()).toBe('error');
    expect(calls).toBe(2);
  });

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

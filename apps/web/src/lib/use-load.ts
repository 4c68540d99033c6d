import { useEffect, useState } from 'react';

/**
 * A minimal cached loader for the landing page, which must not carry TanStack Query (bundle
 * budget). One shared promise per key: every component asking for it gets the same answer; a
 * failure is forgotten so the next mount retries.
 */
export type Loaded<T> =
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: undefined }
  | { isPending: false; isError: false; data: T };

const cache = new Map<string, Promise<unknown>>();
const settled = new Map<string, unknown>();

/** The shared answer for `key` outside React (same cache as `useLoad`); a failure is forgotten. */
export function loadShared<T>(key: string, load: () => Promise<T>): Promise<T> {
  let promise = cache.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load().then(
      (data) => {
        settled.set(key, data);
        return data;
      },
      (err: unknown) => {
        cache.delete(key);
        throw err;
      },
    );
    cache.set(key, promise);
  }
  return promise;
}

export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(() =>
    settled.has(key)
      ? { isPending: false, isError: false, data: settled.get(key) as T }
      : { isPending: true, isError: false, data: undefined },
  );
  useEffect(() => {
    if (settled.has(key)) return undefined;
    let live = true;
    loadShared(key, load).then(
      (data) => {
        if (live) setState({ isPending: false, isError: false, data });
      },
      () => {
        if (live) setState({ isPending: false, isError: true, data: undefined });
      },
    );
    return () => {
      live = false;
    };
    // note: `load` is fixed per key; a new function identity must not refetch.
  }, [key]);
  return state;
}

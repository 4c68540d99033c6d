import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { errorStatus, isUnauthorized } from './errors';
import { pb } from './pb';
import { checkSession, endSession } from './session-check';

/**
 * TanStack Query for every page except the landing page. It lives in this module, which only lazy
 * chunks import, so the landing page's initial JavaScript does not carry it (its budget:
 * scripts/check-bundle.mjs).
 */

/**
 * A 401 from any call means the stored session is no longer valid: forget it. A 403 or 404 to a
 * signed-in client may mean the same: the server answers a session ended elsewhere (a password
 * changed on another device) as a guest's, so the person's own photoshoot reads "not found", and
 * the page's error would replace the live parts that notice the end. The session is asked about
 * then (`checkSession`). The back office's queries (keys under `admin`) run on the operator's own
 * client: their errors say nothing about the customer's session, and the admin guard deals with
 * the operator's.
 */
function onCallError(err: unknown, queryKey?: readonly unknown[]): void {
  if (queryKey?.[0] === 'admin') return;
  if (isUnauthorized(err)) endSession(pb);
  else if ([403, 404].includes(errorStatus(err)) && pb.authStore.token) void checkSession(pb);
}

/**
 * Pages invalidate a query after a write so that it shows the write. TanStack Query joins such an
 * invalidation to a first fetch still in flight (a query with no data yet) instead of fetching
 * again, and that fetch may have been answered before the write: the page then kept the old answer
 * (mailing invites while the team's invite list was still loading left "No invite links yet").
 * Those first fetches are cancelled, so the invalidation fetches afresh.
 */
class WriteAwareQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstFetches = this.getQueryCache()
      .findAll(filters)
      .filter((q) => q.state.fetchStatus !== 'idle' && q.state.data === undefined);
    await Promise.all(firstFetches.map((q) => q.cancel({ revert: true })));
    return super.invalidateQueries(filters, options);
  }
}

/** How long an answer, or a failure, stands before a page that mounts asks again. */
const FRESH_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new WriteAwareQueryClient({
    queryCache: new QueryCache({ onError: (err, query) => onCallError(err, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => onCallError(err, mutation.options.mutationKey),
    }),
    defaultOptions: {
      queries: {
        staleTime: FRESH_MS,
        // A route loader's read that failed (a guest, someone else's photoshoot) was made just
        // before its page mounted: the page shows that answer and offers to try again, rather
        // than asking a second time behind a spinner. An older failure is asked again on mount.
        retryOnMount: (query) => Date.now() - query.state.errorUpdatedAt >= FRESH_MS,
        refetchOnWindowFocus: false,
        // note: 4xx answers are final (rules, not found); only retry what may be transient.
        retry: (count, err) => {
          const status = (err as { status?: number }).status ?? 0;
          return count < 2 && (status === 0 || status >= 500);
        },
      },
    },
  });
}

export const queryClient = createQueryClient();

// Cached answers belong to the signed-in user: drop them when the user changes (sign-out, switch).
let lastUserId = pb.authStore.record?.id ?? '';
pb.authStore.onChange(() => {
  const id = pb.authStore.record?.id ?? '';
  if (id !== lastUserId) queryClient.clear();
  lastUserId = id;
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Wraps a lazily loaded page or layout in the query provider. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName || Component.name})`;
  return WithQueryClient;
}

import { queryClient } from './query-client';

/**
 * What route loaders share: a page's first reads are made (or found in the cache) before it
 * paints. A failed read is left to the page, which shows it with a way to try again — a loader's
 * error would replace the whole page, and a guest or someone without access gets the page's own
 * answer rather than an error screen.
 */
export const ensure = (...reads: Array<Promise<unknown>>) =>
  Promise.all(reads.map((read) => read.catch(() => undefined))).then(() => undefined);

export const load: typeof queryClient.ensureQueryData = (options) => queryClient.ensureQueryData(options);

/** Default page size of lists. */
export const PAGE_SIZE = 30;

/** Batch size of `getFullList`. */
export const FULL_LIST_BATCH = 500;

/** Default page size of lists (seed §9). */
export const PAGE_SIZE = 30;

/** Batch size of `getFullList` (seed §9). */
export const FULL_LIST_BATCH = 500;

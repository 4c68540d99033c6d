// The ONE place the contract reads the server's collection definitions from. If the server moves
// its list of collections, repoint this import (and nothing else) at the exported list.
import { productCollections as serverCollections } from '../../../apps/server/src/modules/all-collections.js';
import { renderRecordsFile, type CollectionShape } from './render-records.js';

/** The server's collections, in the order the server declares them. */
export const collections: readonly CollectionShape[] = serverCollections;

/** `src/records.gen.ts` as the current definitions produce it. */
export function generateRecords(): Promise<string> {
  return renderRecordsFile([...collections]);
}

/**
 * Record data read through the contract's generated record types (records.gen.ts) instead of a
 * cast at every field (`String(r.user)`, `Number(r.amountCents)`): the codec decodes each column
 * to the wire type those types declare (text, dates and single relations as strings, numbers,
 * booleans, select values, parsed JSON), so a record the records service, a lock or an event
 * hands over is that type. Hidden fields (a lease, a token) are not in the generated types and
 * stay `unknown`, to be read as such.
 */
import type { CollectionRecords } from '@photoshoot/contract';
import type { RecordData } from '../core/records/codec.js';

export type RecordOf<N extends keyof CollectionRecords> = Omit<
  CollectionRecords[N],
  'collectionId' | 'collectionName' | 'expand'
> &
  RecordData;

/** `data`, a stored record of the collection `name` (decoded by the codec), typed as such. */
export function recordOf<N extends keyof CollectionRecords>(name: N, data: RecordData): RecordOf<N>;
export function recordOf<N extends keyof CollectionRecords>(
  name: N,
  data: RecordData | null,
): RecordOf<N> | null;
export function recordOf<N extends keyof CollectionRecords>(
  _name: N,
  data: RecordData | null,
): RecordOf<N> | null {
  return data as RecordOf<N> | null;
}

/** Each of `rows`, stored records of the collection `name`, typed as such. */
export function recordsOf<N extends keyof CollectionRecords>(
  _name: N,
  rows: readonly RecordData[],
): RecordOf<N>[] {
  return rows as RecordOf<N>[];
}

/**
 * The PocketBase SDK client typed by collection: `pb.collection('photoshoots')` is a
 * `RecordService<PhotoshootsRecord>`. Any other name falls back to the SDK's untyped service.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel, RecordService } from 'pocketbase';
import type { CollectionRecords } from './records.gen.js';

export interface TypedPocketBase extends PocketBase {
  collection<N extends keyof CollectionRecords>(idOrName: N): RecordService<CollectionRecords[N]>;
  collection<M = RecordModel>(idOrName: string): RecordService<M>;
}

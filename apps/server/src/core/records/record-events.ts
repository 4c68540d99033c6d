/**
 * Committed record changes, for realtime and other listeners. Events fire only after the write
 * has committed; inside a batch they wait for the batch's transaction.
 */
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from './codec.js';

export type RecordAction = 'create' | 'update' | 'delete';
export type RecordEvent = { action: RecordAction; collection: CollectionDef; record: RecordData };
export type RecordListener = (event: RecordEvent) => void;

export class RecordEvents {
  private readonly listeners = new Set<RecordListener>();

  /** Subscribes; returns the unsubscribe function. */
  on(listener: RecordListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: RecordEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // note: a failing listener must not undo or fail a write that has already committed.
      }
    }
  }
}

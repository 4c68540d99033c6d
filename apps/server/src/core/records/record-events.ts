/**
 * Committed record changes, for realtime and other listeners. Events fire only after the write
 * has committed; inside a batch they wait for the batch's transaction.
 *
 * A listener names what it wants, `on('photoshoots', 'update', fn)`, or a list of actions, so
 * it is called only for those and no listener filters on collection names itself. Platform
 * listeners that follow every collection (realtime, file clean-up, auth collections) use
 * `onAny(fn)`.
 */
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from './codec.js';

export type RecordAction = 'create' | 'update' | 'delete';
export type RecordEvent = { action: RecordAction; collection: CollectionDef; record: RecordData };
export type RecordListener = (event: RecordEvent) => void;

const ACTIONS: readonly RecordAction[] = ['create', 'update', 'delete'];

export class RecordEvents {
  private readonly everything = new Set<RecordListener>();
  /** Keyed `collection name` → action → listeners. */
  private readonly tagged = new Map<string, Map<RecordAction, Set<RecordListener>>>();

  /**
   * Subscribes to the changes of one collection, for the given action(s) or all three; returns the
   * unsubscribe function.
   */
  on(
    collection: string,
    actions: RecordAction | readonly RecordAction[] | '*',
    listener: RecordListener,
  ): () => void {
    const list = actions === '*' ? ACTIONS : typeof actions === 'string' ? [actions] : actions;
    let byAction = this.tagged.get(collection);
    if (!byAction) this.tagged.set(collection, (byAction = new Map()));
    const sets = list.map((action) => {
      let set = byAction.get(action);
      if (!set) byAction.set(action, (set = new Set()));
      set.add(listener);
      return set;
    });
    return () => sets.forEach((set) => set.delete(listener));
  }

  /** Subscribes to every change of every collection; returns the unsubscribe function. */
  onAny(listener: RecordListener): () => void {
    this.everything.add(listener);
    return () => this.everything.delete(listener);
  }

  emit(event: RecordEvent): void {
    const tagged = this.tagged.get(event.collection.name)?.get(event.action);
    for (const listener of [...this.everything, ...(tagged ?? [])]) {
      try {
        listener(event);
      } catch {
        // note: a failing listener must not undo or fail a write that has already committed.
      }
    }
  }
}

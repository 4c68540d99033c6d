/**
 * Domain rules the filter language cannot say (counts under concurrency, state-dependent edits,
 * server-filled values) plug into record writes here, by collection name, so RecordService stays
 * generic and every path that writes records (CRUD, batch) runs them.
 */
import type { Db } from '../db/db.js';
import type { CollectionDef } from '../schema/collection.js';
import type { App } from '../app.js';
import type { Caller } from './caller.js';
import type { RecordData } from './codec.js';

export type RecordHookKind = 'beforeCreate' | 'beforeUpdate' | 'beforeDelete';

export type RecordHookEvent = {
  app: App;
  collection: CollectionDef;
  caller: Caller;
  /** The write's transaction: lock, read and write through it. */
  tx: Db;
  /**
   * The record as it is about to be stored (create, update; hooks may change it) or the stored
   * record being deleted.
   */
  record: RecordData;
  /** The stored record as the request saw it (update, delete); null on create. */
  existing: RecordData | null;
  /** Fields the request body set. */
  submitted: ReadonlySet<string>;
};

export type RecordHook = (event: RecordHookEvent) => Promise<void>;

/**
 * Hooks run in registration order inside the write's transaction: on create before the row is
 * inserted and the create rule is checked (so they must not reveal anything to a caller the rule
 * would refuse), on update and delete after the rule passed. Throwing (an ApiError) aborts the
 * write and rolls the transaction back.
 */
export class RecordHooks {
  private readonly hooks = new Map<string, RecordHook[]>();

  /** Registers `hook`; returns a function that removes it again. */
  on(kind: RecordHookKind, collection: string, hook: RecordHook): () => void {
    const key = `${kind}:${collection}`;
    const list = this.hooks.get(key) ?? [];
    list.push(hook);
    this.hooks.set(key, list);
    return () => {
      const i = list.indexOf(hook);
      if (i >= 0) list.splice(i, 1);
    };
  }

  async run(kind: RecordHookKind, event: RecordHookEvent): Promise<void> {
    for (const hook of this.hooks.get(`${kind}:${event.collection.name}`) ?? []) await hook(event);
  }
}

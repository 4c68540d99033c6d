/**
 * Batch (PocketBase's batch API): record create/update/upsert/delete requests run in order inside one
 * transaction with the outer request's auth; the first failure rolls everything back, files the
 * items stored included. Events (realtime) fire only after the commit. The whole batch has
 * `timeout` seconds: past it the transaction is rolled back even if an item is still busy.
 */
import type { App } from '../app.js';
import type { Db } from '../db/db.js';
import { ApiError, toApiError } from '../errors.js';
import type { Upload } from '../files/upload.js';
import type { Caller } from '../records/caller.js';
import { pickFields } from '../../tools/picker.js';
import { routeOf } from './batch-route.js';
import { DeadlineDb } from './deadline-db.js';
import type { BatchItem } from './validate-batch.js';

export { validateBatch, type BatchItem } from './validate-batch.js';

export type BatchResult = { body: unknown; status: number };
export type BatchOptions = {
  /** Seconds for the whole batch; 0 means 3 (PocketBase's default). */
  timeout: number;
  /** Uploads per item index, keyed by the item's own form key (see batch-files.ts). */
  files?: readonly (readonly Upload[])[];
};

const FAILED = 'Batch transaction failed.';

class BatchTimeout extends Error {}

/** Deferred work of the items: after commit (events, replaced files) or after rollback (stored uploads). */
class Aftermath {
  private readonly committed: (() => void)[] = [];
  private readonly undo: (() => unknown)[] = [];
  private rolledBack = false;

  afterCommit = (fn: () => void): void => {
    if (!this.rolledBack) this.committed.push(fn);
  };

  // note: an item still busy when the batch timed out may register its undo after the rollback.
  afterRollback = (fn: () => unknown): void => {
    if (this.rolledBack) void Promise.resolve().then(fn);
    else this.undo.push(fn);
  };

  commit(): void {
    for (const fn of this.committed) fn();
  }

  async rollback(): Promise<void> {
    this.rolledBack = true;
    this.committed.length = 0;
    await Promise.allSettled(this.undo.splice(0).map(async (fn) => fn()));
  }
}

export async function runBatch(
  app: App,
  outer: Caller,
  items: BatchItem[],
  opts: BatchOptions,
): Promise<BatchResult[]> {
  const ms = (opts.timeout > 0 ? opts.timeout : 3) * 1000;
  const after = new Aftermath();
  try {
    const results = await app.db.transaction(async (tx) => {
      // note: a statement stuck past the deadline is cancelled by PostgreSQL so the rollback can run.
      if (tx.dialect === 'postgres') await tx.exec(`SET LOCAL statement_timeout = ${ms + 1000}`);
      const guarded = new DeadlineDb(tx);
      const work = runItems(app, outer, items, opts.files ?? [], guarded, after);
      work.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BatchTimeout()), ms);
      });
      try {
        return await Promise.race([work, timeout]);
      } finally {
        clearTimeout(timer);
        guarded.expire();
      }
    });
    after.commit();
    return results;
  } catch (err) {
    await after.rollback();
    if (err instanceof BatchTimeout) throw ApiError.badRequest(FAILED);
    throw err;
  }
}

async function runItems(
  app: App,
  outer: Caller,
  items: BatchItem[],
  files: readonly (readonly Upload[])[],
  tx: Db,
  after: Aftermath,
): Promise<BatchResult[]> {
  const out: BatchResult[] = [];
  for (const [i, item] of items.entries()) {
    try {
      out.push(await runItem(app, outer, item, files[i] ?? [], tx, after));
    } catch (err) {
      const response = toApiError(err);
      if (response.status >= 500) throw err;
      throw ApiError.badRequest(FAILED, {
        requests: {
          [i]: {
            code: 'batch_request_failed',
            message: 'Batch request failed.',
            response: response.toJSON(),
          },
        },
      });
    }
  }
  return out;
}

async function runItem(
  app: App,
  outer: Caller,
  item: BatchItem,
  files: readonly Upload[],
  tx: Db,
  after: Aftermath,
): Promise<BatchResult> {
  const r = routeOf(item);
  if (!r) throw ApiError.notFound();
  const collection = app.registry.require(r.collection);
  const query = Object.fromEntries(r.query);
  const caller: Caller = {
    ...outer,
    method: item.method,
    headers: { ...outer.headers, ...item.headers, authorization: outer.headers.authorization ?? '' },
    query,
    context: 'batch',
  };
  const opts = {
    tx,
    afterCommit: after.afterCommit,
    afterRollback: after.afterRollback,
    expand: query.expand,
    files,
  };
  const body = item.body ?? {};
  const shaped = (json: unknown) => ({ body: pickFields(json, query.fields), status: 200 });
  switch (r.action) {
    case 'create':
      return shaped((await app.records.create(collection, caller, body, opts)).json);
    case 'update':
      return shaped((await app.records.update(collection, caller, r.id, body, opts)).json);
    case 'upsert': {
      const id = typeof body.id === 'string' ? body.id : '';
      const exists = id ? await app.records.findById(collection, id, tx) : null;
      const saved = exists
        ? await app.records.update(collection, caller, id, body, opts)
        : await app.records.create(collection, caller, body, opts);
      return shaped(saved.json);
    }
    case 'delete':
      await app.records.delete(collection, caller, r.id, { tx, afterCommit: after.afterCommit });
      return { body: null, status: 204 };
  }
}

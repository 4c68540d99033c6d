/**
 * The catalogue's display order, set by an operator in one go: `ids` lists every style in its new
 * order and each takes `sortOrder = 10 × position`. Only the styles whose value changes are
 * written, all in one transaction, so a failure leaves the old order whole and subscribers see
 * the changes only once they are committed.
 */
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { ValidationErrors } from '../../core/errors.js';
import type { Caller } from '../../core/records/caller.js';
import { inTransaction } from '../../core/db/after-commit.js';

/** The gap between neighbours: room for a style created later between two others by hand. */
export const ORDER_STEP = 10;
export type StyleOrder = { id: string; sortOrder: number };

/**
 * Applies the order of `ids` (distinct style ids: the contract's `styleOrderBody`); answers every
 * style's new `sortOrder` in that order.
 * @throws {ApiError} 400 with `data.ids` when the list is not exactly the catalogue
 * (a style was added or deleted since the operator loaded it: their order would be a guess).
 */
export async function reorderStyles(app: App, caller: Caller, ids: readonly string[]): Promise<StyleOrder[]> {
  const errors = new ValidationErrors();
  const styles = app.registry.require('styles');
  const order = ids.map((id, i) => ({ id, sortOrder: (i + 1) * ORDER_STEP }));
  await inTransaction(app.db, async (tx, after) => {
    const rows = await tx.all<{ id: string; sortOrder: number }>(
      `SELECT "id", "sortOrder" FROM ${q(styles.name)}${tx.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
    );
    const current = new Map(rows.map((r) => [r.id, r.sortOrder]));
    if (current.size !== ids.length || ids.some((id) => !current.has(id))) {
      errors.add(
        'ids',
        'validation_catalog_changed',
        'The styles changed since this list was loaded. Reload it and try again.',
      );
      errors.throwIfAny('Failed to reorder the styles.');
    }
    for (const { id, sortOrder } of order) {
      if (current.get(id) === sortOrder) continue;
      await app.records.update(styles, caller, id, { sortOrder }, { tx, afterCommit: after.add });
    }
  });
  return order;
}

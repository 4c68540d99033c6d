/**
 * Many callers' rule checks against one record given by its values (realtime: one event, thousands
 * of subscribers), as a few statements instead of one per caller. The record's values are bound
 * once as a CTE named like the base alias; each check is one `UNION ALL` branch that yields its
 * index when its conditions hold. Same answers as `valuesMatchRule` one by one; a statement that
 * fails (one check's SQL cannot run) is retried check by check, so one bad check costs only itself.
 */
import { q, type Db } from '../db/db.js';
import type { CollectionDef } from '../schema/collection.js';
import { encodeValue, type RecordData } from './codec.js';
import { BASE_ALIAS, castParam } from './rules.js';
import type { CompiledRule } from './rule-memo.js';

/** Checks per statement: under SQLite's 500 compound SELECTs and both engines' parameter limits. */
const CHECKS_PER_STATEMENT = 250;

/** One check: every condition must hold (an empty list always holds). */
export type Check = readonly CompiledRule[];

export async function valuesMatchChecks(
  db: Db,
  collection: CollectionDef,
  data: RecordData,
  checks: readonly Check[],
): Promise<boolean[]> {
  const out = checks.map((c) => c.length === 0);
  const pending = checks.map((_, i) => i).filter((i) => checks[i]!.length > 0);
  if (pending.length === 0) return out;
  const cols: string[] = [];
  const values: unknown[] = [];
  for (const field of collection.fields) {
    cols.push(`${castParam(db, field)} AS ${q(field.name)}`);
    values.push(encodeValue(field, data[field.name]));
  }
  const cte = `WITH ${BASE_ALIAS} AS (SELECT ${cols.join(', ')}) `;
  for (let at = 0; at < pending.length; at += CHECKS_PER_STATEMENT) {
    const chunk = pending.slice(at, at + CHECKS_PER_STATEMENT);
    const run = async (indexes: number[]) => {
      const params: unknown[] = [...values];
      const branches = indexes.map((i) => {
        const conds = checks[i]!;
        for (const c of conds) params.push(...c.params);
        return `SELECT ${i} AS k FROM ${BASE_ALIAS} WHERE ${conds.map((c) => `(${c.sql})`).join(' AND ')}`;
      });
      const rows = await db.all<{ k: number | string }>(cte + branches.join(' UNION ALL '), params);
      for (const row of rows) out[Number(row.k)] = true;
    };
    try {
      await run(chunk);
    } catch {
      for (const i of chunk) await run([i]).catch(() => undefined);
    }
  }
  return out;
}

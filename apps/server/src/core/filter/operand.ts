/**
 * What an operand compiles to. The comparison builder needs more than SQL text: the kind (to
 * coerce safely), whether it can be NULL (to keep `=` null-safe without defeating indexes), the
 * literal value when known at compile time (to convert it to the other side's kind), and whether
 * it stands for one value or for a set of values (any/all semantics).
 */
import type { DialectSql, Kind, Sql } from './sql.js';

/** A compile-time value: filter literals, macros and `@request.*` data. */
export type LiteralValue = string | number | boolean | null;

/** One value per row of the outer query. */
export type ScalarOperand = {
  form: 'scalar';
  sql: Sql;
  /** `null` only for a literal NULL, which takes the other side's kind. */
  kind: Kind | 'null';
  nullable: boolean;
  literal?: { value: LiteralValue; raw?: string };
  /** Extra condition every comparison must also satisfy (an auth email only matches where it is visible). */
  guard?: Sql;
};

/**
 * A set of values per outer row: a SELECT yielding column `v` (and `g`, the guard, when guarded),
 * correlated to the outer row. An empty set compares as a single NULL, like PocketBase's LEFT JOINs.
 */
export type MultiOperand = {
  form: 'multi';
  kind: Kind;
  select: Sql;
  guarded: boolean;
};

/**
 * An `@collection.*` reference: `current` is the value on the shared joined row of that alias
 * (used by `?` operators), `all` spans every row of the collection (used by plain operators).
 */
export type CollectionOperand = {
  form: 'collection';
  current: ScalarOperand | MultiOperand;
  all: MultiOperand;
};

export type Operand = ScalarOperand | MultiOperand | CollectionOperand;

/** Wraps a compile-time value as a bound parameter of the natural kind. */
export function literal(d: DialectSql, value: unknown, rawText?: string): ScalarOperand {
  const v = normalizeLiteral(value);
  if (v === null)
    return { form: 'scalar', sql: d.nullOf('text'), kind: 'null', nullable: true, literal: { value: null } };
  const kind: Kind = typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'text';
  return {
    form: 'scalar',
    sql: d.param(v, kind),
    kind,
    nullable: false,
    literal: rawText === undefined ? { value: v } : { value: v, raw: rawText },
  };
}

/** Arrays and objects become their JSON text, as PocketBase does for non-plain request values. */
export function normalizeLiteral(value: unknown): LiteralValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().replace('T', ' ');
  return JSON.stringify(value) ?? null;
}

export function scalar(sqlText: Sql, kind: Kind, nullable: boolean, guard?: Sql): ScalarOperand {
  return guard
    ? { form: 'scalar', sql: sqlText, kind, nullable, guard }
    : { form: 'scalar', sql: sqlText, kind, nullable };
}

/**
 * Turns `left op right` into a boolean SQL condition: kind coercion, null-safe equality, LIKE
 * wrapping, and the any/all semantics of multi-valued operands (PocketBase's filter operators).
 */
import { baseOp, isAnyOp, type SignOp } from './ast.js';
import type { LiteralValue, MultiOperand, Operand, ScalarOperand } from './operand.js';
import { joinSql, raw, sql, type DialectSql, type Kind, type Sql } from './sql.js';

/** Hands out SQL aliases unique within one compiled filter (nested subqueries must not shadow). */
export class AliasGen {
  private n = 0;
  next(prefix: string): string {
    this.n++;
    return `_${prefix}${this.n}`;
  }
}

type BaseOp = ReturnType<typeof baseOp>;

const NUMERIC_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** Converts a compile-time value to `to`, or null when there is no obvious meaning. */
function convertLiteral(
  value: LiteralValue,
  rawText: string | undefined,
  to: Kind,
): LiteralValue | undefined {
  if (value === null) return null;
  switch (to) {
    case 'text':
      if (typeof value === 'number') return rawText ?? String(value);
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      return value;
    case 'number':
      if (typeof value === 'number') return value;
      if (typeof value === 'boolean') return value ? 1 : 0;
      return NUMERIC_TEXT.test(value) && Number.isFinite(Number(value)) ? Number(value) : undefined;
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
      if (/^(true|1)$/i.test(value)) return true;
      if (/^(false|0)$/i.test(value)) return false;
      return undefined;
    case 'json':
      return value;
  }
}

type Unified = { l: Sql; r: Sql; kind: Kind; lNullable: boolean; rNullable: boolean };

/**
 * Brings both sides to one kind so PostgreSQL never compares mismatched types: a literal is
 * converted to the other side's kind where that has an obvious meaning, JSON wins over everything
 * (compared as jsonb), numbers absorb booleans, and anything else is compared as text.
 */
function unify(d: DialectSql, l: ScalarOperand, r: ScalarOperand): Unified {
  const out = (ls: Sql, rs: Sql, kind: Kind): Unified => ({
    l: ls,
    r: rs,
    kind,
    lNullable: l.nullable,
    rNullable: r.nullable,
  });
  if (l.kind === 'null' && r.kind === 'null') return out(d.nullOf('text'), d.nullOf('text'), 'text');
  if (l.kind === 'null') return out(d.nullOf(r.kind as Kind), r.sql, r.kind as Kind);
  if (r.kind === 'null') return out(l.sql, d.nullOf(l.kind), l.kind);
  const lk = l.kind;
  const rk = r.kind;
  if (lk === rk) return out(l.sql, r.sql, lk);

  const asKind = (o: ScalarOperand, to: Kind): Sql | undefined => {
    if (!o.literal) return undefined;
    const v = convertLiteral(o.literal.value, o.literal.raw, to);
    if (v === undefined) return undefined;
    return v === null ? d.nullOf(to) : d.param(v, to);
  };
  const toJson = (o: ScalarOperand): Sql => asKind(o, 'json') ?? (d.pg ? sql`to_jsonb(${o.sql})` : o.sql);

  if (lk === 'json') return out(l.sql, toJson(r), 'json');
  if (rk === 'json') return out(toJson(l), r.sql, 'json');

  if (l.literal && !r.literal) {
    const conv = asKind(l, rk);
    if (conv) return out(conv, r.sql, rk);
  } else if (r.literal && !l.literal) {
    const conv = asKind(r, lk);
    if (conv) return out(l.sql, conv, lk);
  } else if (l.literal && r.literal) {
    for (const k of ['number', 'bool'] as const) {
      if (lk === k) {
        const conv = asKind(r, k);
        if (conv) return out(l.sql, conv, k);
      }
      if (rk === k) {
        const conv = asKind(l, k);
        if (conv) return out(conv, r.sql, k);
      }
    }
  }
  if ((lk === 'number' && rk === 'bool') || (lk === 'bool' && rk === 'number')) {
    return out(
      lk === 'bool' ? d.boolToNumber(l.sql) : l.sql,
      rk === 'bool' ? d.boolToNumber(r.sql) : r.sql,
      'number',
    );
  }
  return out(asKind(l, 'text') ?? d.toText(l.sql, lk), asKind(r, 'text') ?? d.toText(r.sql, rk), 'text');
}

/** PocketBase's LIKE wrapping: `%…%` unless the value already has an unescaped `%`. */
export function wrapLikeValue(value: string): string {
  let out = value;
  if (!containsUnescaped(value, '%')) out = `%${escapeUnescaped(value, ['\\', '%', '_'])}%`;
  // PostgreSQL rejects a pattern ending in a lone escape character; SQLite would just not match.
  let trailing = 0;
  for (let i = out.length - 1; i >= 0 && out[i] === '\\'; i--) trailing++;
  return trailing % 2 === 1 ? `${out}\\` : out;
}

function containsUnescaped(s: string, ch: string): boolean {
  let prev = '';
  for (const c of s) {
    if (c === ch && prev !== '\\') return true;
    prev = c === '\\' && prev === '\\' ? '' : c;
  }
  return false;
}

/** Port of PocketBase's escapeUnescapedChars (scans from the end so `\%` stays as written). */
function escapeUnescaped(s: string, chars: string[]): string {
  const rs = [...s];
  const result: string[] = [];
  let match = false;
  for (let i = rs.length - 1; i >= 0; i--) {
    if (match) {
      if (rs[i] !== '\\') result.push('\\');
      match = false;
    } else if (chars.includes(rs[i]!)) {
      match = true;
    }
    result.push(rs[i]!);
    if (i === 0 && match) result.push('\\');
  }
  return result.reverse().join('');
}

function textOf(d: DialectSql, o: ScalarOperand): Sql {
  if (o.kind === 'null') return raw("''");
  const t = d.toText(o.sql, o.kind);
  return o.nullable ? sql`COALESCE(${t}, '')` : t;
}

/** The condition for two single values. */
export function compareScalars(d: DialectSql, l: ScalarOperand, op: BaseOp, r: ScalarOperand): Sql {
  let cond: Sql;
  if (op === '~' || op === '!~') {
    let pattern: Sql;
    if (r.literal) {
      const v = r.literal.value;
      const text = v === null ? '' : typeof v === 'number' ? (r.literal.raw ?? String(v)) : String(v);
      pattern = d.param(wrapLikeValue(text), 'text');
    } else {
      pattern = sql`('%' || ${textOf(d, r)} || '%')`;
    }
    cond = d.like(textOf(d, l), pattern, op === '!~');
  } else {
    const u = unify(d, l, r);
    if (op === '=' || op === '!=') {
      const negate = op === '!=';
      if (u.kind === 'text') {
        // '' and NULL are the same value for = and != (PocketBase's filter operators); only
        // nullable sides get the COALESCE so comparisons on NOT NULL columns stay index-friendly.
        const ls = u.lNullable ? sql`COALESCE(${u.l}, '')` : u.l;
        const rs = u.rNullable ? sql`COALESCE(${u.r}, '')` : u.r;
        cond = sql`(${ls} ${raw(negate ? '<>' : '=')} ${rs})`;
      } else if (u.lNullable || u.rNullable) {
        cond = d.isSame(u.l, u.r, negate);
      } else {
        cond = sql`(${u.l} ${raw(negate ? '<>' : '=')} ${u.r})`;
      }
    } else {
      cond = sql`(${d.collate(u.l, u.kind)} ${raw(op)} ${u.r})`;
    }
  }
  const guards = [l.guard, r.guard].filter((g): g is Sql => g !== undefined);
  if (guards.length === 0) return cond;
  return sql`(${cond} AND ${joinSql(
    guards.map((g) => sql`COALESCE(${g}, ${d.false})`),
    ' AND ',
  )})`;
}

type Side = ScalarOperand | MultiOperand;

/**
 * Cross product of the multi-valued sides, each padded to one NULL row when empty via
 * `(SELECT 1) LEFT JOIN (…) ON 1=1`, so an empty set compares as NULL just like PocketBase's
 * LEFT JOIN-based resolution does.
 */
function elementScope(d: DialectSql, names: AliasGen, sides: Side[]): { from: Sql; values: ScalarOperand[] } {
  const joins: Sql[] = [];
  const values = sides.map((s): ScalarOperand => {
    if (s.form === 'scalar') return s;
    const alias = names.next('m');
    joins.push(sql` LEFT JOIN (${s.select}) AS ${raw(alias)} ON 1=1`);
    const v = raw(`${alias}.v`);
    return s.guarded
      ? { form: 'scalar', sql: v, kind: s.kind, nullable: true, guard: raw(`${alias}.g`) }
      : { form: 'scalar', sql: v, kind: s.kind, nullable: true };
  });
  return { from: sql`(SELECT 1) AS ${raw(names.next('o'))}${joinSql(joins, '')}`, values };
}

/** True when comparing a NULL element with `other` can never hold, so empty sets need no NULL row. */
function nullNeverMatches(op: BaseOp, other: Side): boolean {
  if (other.form !== 'scalar') return false;
  if (op === '>' || op === '>=' || op === '<' || op === '<=') return true;
  const v = other.literal?.value;
  return op === '=' && v !== undefined && v !== null && v !== '';
}

function anyMatch(d: DialectSql, names: AliasGen, l: Side, op: BaseOp, r: Side): Sql {
  if (l.form === 'scalar' && r.form === 'scalar') return compareScalars(d, l, op, r);
  // Fast path for the common `rel.field ?= 'value'`: a plain EXISTS over the elements.
  const multi = l.form === 'multi' ? l : r.form === 'multi' ? r : null;
  const other = multi === l ? r : l;
  if (multi && other.form === 'scalar' && nullNeverMatches(op, other)) {
    const alias = names.next('m');
    const v = raw(`${alias}.v`);
    const el: ScalarOperand = multi.guarded
      ? { form: 'scalar', sql: v, kind: multi.kind, nullable: false, guard: raw(`${alias}.g`) }
      : { form: 'scalar', sql: v, kind: multi.kind, nullable: false };
    const cond = multi === l ? compareScalars(d, el, op, other) : compareScalars(d, other, op, el);
    return sql`EXISTS (SELECT 1 FROM (${multi.select}) AS ${raw(alias)} WHERE ${cond})`;
  }
  const scope = elementScope(d, names, [l, r]);
  const cond = compareScalars(d, scope.values[0]!, op, scope.values[1]!);
  return sql`EXISTS (SELECT 1 FROM ${scope.from} WHERE ${cond})`;
}

function allMatch(d: DialectSql, names: AliasGen, l: Side, op: BaseOp, r: Side): Sql {
  if (l.form === 'scalar' && r.form === 'scalar') return compareScalars(d, l, op, r);
  const scope = elementScope(d, names, [l, r]);
  const cond = compareScalars(d, scope.values[0]!, op, scope.values[1]!);
  return sql`NOT EXISTS (SELECT 1 FROM ${scope.from} WHERE NOT COALESCE(${cond}, ${d.false}))`;
}

const current = (o: Operand): Side => (o.form === 'collection' ? o.current : o);
const every = (o: Operand): Side => (o.form === 'collection' ? o.all : o);

/**
 * The SQL condition for one `left op right` expression. `?` operators need one matching element;
 * plain operators need every element to match. For `@collection` operands the plain form also
 * requires the shared joined row to match, mirroring PocketBase's "join AND NOT EXISTS" shape.
 */
export function compileComparison(
  d: DialectSql,
  names: AliasGen,
  left: Operand,
  op: SignOp,
  right: Operand,
): Sql {
  const bop = baseOp(op);
  if (isAnyOp(op)) return anyMatch(d, names, current(left), bop, current(right));
  const all = allMatch(d, names, every(left), bop, every(right));
  if (left.form !== 'collection' && right.form !== 'collection') return all;
  return sql`(${anyMatch(d, names, current(left), bop, current(right))} AND ${all})`;
}

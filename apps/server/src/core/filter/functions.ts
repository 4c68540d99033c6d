/**
 * Filter functions (PocketBase's filter identifiers): `geoDistance(lonA, latA, lonB, latB)` and
 * `strftime(format[, timeValue[, modifiers...]])`. Arguments must be single values; functions over
 * multi-valued operands (PocketBase's implicit "any") are refused with a 400 to keep the SQL simple.
 */
import type { FunctionOperand, Operand as AstOperand } from './ast.js';
import type { CompileState } from './context.js';
import { invalidFilter } from './errors.js';
import { scalar, type Operand, type ScalarOperand } from './operand.js';
import { pgStrftime } from './strftime-pg.js';
import { joinSql, raw, sql, type Sql } from './sql.js';

type Resolve = (arg: AstOperand) => Operand;

function single(name: string, op: Operand, i: number): ScalarOperand {
  if (op.form !== 'scalar') throw invalidFilter(`${name}() argument ${i + 1} must be a single value`);
  return op;
}

/** Compiles a function call to a scalar SQL value. */
export function compileFunction(st: CompileState, fn: FunctionOperand, resolve: Resolve): ScalarOperand {
  switch (fn.name) {
    case 'geoDistance':
      return geoDistance(st, fn, resolve);
    case 'strftime':
      return strftime(st, fn, resolve);
    default:
      throw invalidFilter(`unknown function ${JSON.stringify(fn.name)}`);
  }
}

/** Haversine distance in kilometres; the acos argument is clamped because rounding can push it past ±1. */
function geoDistance(st: CompileState, fn: FunctionOperand, resolve: Resolve): ScalarOperand {
  if (fn.args.length !== 4) throw invalidFilter(`geoDistance() expects 4 arguments, got ${fn.args.length}`);
  const d = st.d;
  const [lonA, latA, lonB, latB] = fn.args.map((arg, i) => {
    if (arg.type !== 'identifier' && arg.type !== 'number') {
      throw invalidFilter(`geoDistance() argument ${i + 1} must be an identifier or number`);
    }
    const v = single('geoDistance', resolve(arg), i);
    return v.kind === 'null' ? d.nullOf('number') : d.toNumber(v.sql, v.kind);
  }) as [Sql, Sql, Sql, Sql];
  const inner = sql`cos(radians(${latA})) * cos(radians(${latB})) * cos(radians(${lonB}) - radians(${lonA})) + sin(radians(${latA})) * sin(radians(${latB}))`;
  // Clamped with CASE, not LEAST/GREATEST: PostgreSQL's GREATEST skips NULLs, which would turn a
  // missing coordinate into a distance instead of NULL.
  const clamped = raw('CASE WHEN _geo.x > 1 THEN 1 WHEN _geo.x < -1 THEN -1 ELSE _geo.x END');
  return scalar(sql`(SELECT 6371 * acos(${clamped}) FROM (SELECT ${inner} AS x) AS _geo)`, 'number', true);
}

/**
 * SQLite's strftime; a NULL result (invalid input) compares like '' because the operand is nullable
 * text. On PostgreSQL the same semantics are rebuilt from to_char (see strftime-pg.ts).
 */
function strftime(st: CompileState, fn: FunctionOperand, resolve: Resolve): ScalarOperand {
  const args = fn.args;
  if (args.length < 1) throw invalidFilter('strftime() expects at least 1 argument');
  if (args.length > 10) throw invalidFilter('strftime() accepts at most 10 arguments');
  const format = args[0]!;
  if (format.type !== 'text') throw invalidFilter('strftime() format must be a text literal');
  const time = args[1];
  if (time && time.type === 'function')
    throw invalidFilter('strftime() time value must be a text, number or field');
  const modifiers = args.slice(2).map((m) => {
    if (m.type !== 'text') throw invalidFilter('strftime() modifiers must be text literals');
    return m.value;
  });
  const timeValue = time ? single('strftime', resolve(time), 1) : undefined;

  if (st.d.pg) return scalar(pgStrftime(st.d, format.value, timeValue, modifiers), 'text', true);

  const parts: Sql[] = [st.d.param(format.value, 'text')];
  if (timeValue) parts.push(timeValue.kind === 'null' ? raw('NULL') : timeValue.sql);
  for (const m of modifiers) parts.push(st.d.param(m, 'text'));
  return scalar(sql`strftime(${joinSql(parts, ', ')})`, 'text', true);
}

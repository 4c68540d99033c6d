/**
 * SQLite's `strftime(format, time, modifiers...)` rebuilt for PostgreSQL, so rules using it behave
 * alike on both engines. It never raises: input SQLite would reject yields NULL, as in SQLite.
 * Supported: time values in `YYYY-MM-DD[ T]HH:MM[:SS[.fff]][Z|±HH:MM]`, `now`, numbers (Julian
 * days, or Unix seconds with `unixepoch`); modifiers `±N unit(s)`, `start of day|month|year`,
 * `weekday N`, `utc`, `localtime` (no-ops: the server runs in UTC). Other modifiers and `%J` are a
 * 400 on PostgreSQL. Known difference: `+N months` clamps to the month end (SQLite overflows into
 * the next month).
 */
import { invalidFilter } from './errors.js';
import type { ScalarOperand } from './operand.js';
import { joinSql, raw, sql, type DialectSql, type Sql } from './sql.js';

// Capturing groups only: a `(?:` group would put a `?` into the SQL, which the driver would
// rewrite into a placeholder.
const DATE_RE =
  "'^([0-9]{4})-([0-9]{2})-([0-9]{2})([ T]([0-9]{2}):([0-9]{2})(:([0-9]{2})([.][0-9]+){0,1}){0,1}){0,1}(Z|([-+])([0-9]{2}):([0-9]{2})){0,1}$'";

const NOW = raw("(now() AT TIME ZONE 'UTC')");

function parseText(v: Sql): Sql {
  const g = (i: number): Sql => raw(`_rx.g[${i}]`);
  const int = (i: number): Sql => sql`CAST(${g(i)} AS INT)`;
  const opt = (i: number): Sql => sql`COALESCE(${int(i)}, 0)`;
  const valid = sql`${int(1)} >= 1 AND ${int(2)} BETWEEN 1 AND 12 AND ${int(3)} BETWEEN 1 AND 31 AND ${opt(5)} <= 24 AND ${opt(6)} <= 59 AND ${opt(8)} <= 59`;
  const secs = sql`COALESCE(CAST(${g(8)} || COALESCE(${g(9)}, '') AS DOUBLE PRECISION), 0)`;
  const local = sql`make_timestamp(${int(1)}, 1, 1, 0, 0, 0) + make_interval(months => ${int(2)} - 1, days => ${int(3)} - 1, hours => ${opt(5)}, mins => ${opt(6)}, secs => ${secs})`;
  const offset = sql`(CASE WHEN ${g(11)} IS NULL THEN interval '0' ELSE (CASE WHEN ${g(11)} = '-' THEN -1 ELSE 1 END) * make_interval(hours => ${int(12)}, mins => ${int(13)}) END)`;
  return sql`(SELECT CASE WHEN _rx.g IS NULL THEN NULL WHEN ${valid} THEN ${local} - ${offset} END FROM (SELECT regexp_match(${v}, ${raw(DATE_RE)}) AS g) AS _rx)`;
}

function fromUnix(n: Sql): Sql {
  return sql`(CASE WHEN ${n} BETWEEN -62135596800 AND 253402300799 THEN timestamp '1970-01-01 00:00:00' + ${n} * interval '1 second' END)`;
}

function fromJulian(n: Sql): Sql {
  return sql`(CASE WHEN ${n} BETWEEN 1721425.5 AND 5373484.5 THEN timestamp '1970-01-01 00:00:00' + (${n} - 2440587.5) * interval '1 day' END)`;
}

/** The time value as `timestamp` (UTC); consumes a leading `unixepoch` modifier. */
function timeValue(d: DialectSql, time: ScalarOperand | undefined, modifiers: string[]): Sql {
  if (!time) return NOW;
  const unix = modifiers[0]?.trim().toLowerCase() === 'unixepoch';
  if (unix) modifiers.shift();
  if (time.kind === 'null' || time.kind === 'bool') return raw('CAST(NULL AS TIMESTAMP)');
  if (
    time.literal &&
    typeof time.literal.value === 'string' &&
    time.literal.value.trim().toLowerCase() === 'now'
  ) {
    return unix ? raw('CAST(NULL AS TIMESTAMP)') : NOW;
  }
  if (unix) return fromUnix(d.toNumber(time.sql, time.kind));
  if (time.kind === 'number') return fromJulian(time.sql);
  return parseText(d.toText(time.sql, time.kind));
}

/** Unit → its length in years (upper bound), to keep the total shift inside timestamp range. */
const UNIT_YEARS: Record<string, number> = {
  day: 1 / 365,
  hour: 1 / 8760,
  minute: 1 / 525_600,
  second: 1 / 31_536_000,
  month: 1 / 12,
  year: 1,
};
/**
 * Inputs lie in years 1..9999; shifting them by at most this many years in total stays inside
 * PostgreSQL's timestamp range (4713 BC..294276 AD), whose overflow would raise instead of NULL.
 */
const MAX_SHIFT_YEARS = 4000;

type ModState = { ts: Sql; shiftedYears: number };

function applyModifier(d: DialectSql, state: ModState, modifier: string): Sql | null {
  const { ts } = state;
  const m = modifier.trim().toLowerCase();
  const shift = /^([-+]?(\d+(\.\d*)?|\.\d+))\s+(day|hour|minute|second|month|year)s?$/.exec(m);
  if (shift) {
    const n = Number(shift[1]);
    const unit = shift[4]!;
    state.shiftedYears += Math.abs(n) * UNIT_YEARS[unit]!;
    if (!Number.isFinite(state.shiftedYears) || state.shiftedYears > MAX_SHIFT_YEARS) return null;
    return sql`(${ts} + ${d.param(n, 'number')} * interval ${raw(`'1 ${unit}'`)})`;
  }
  const start = /^start of (day|month|year)$/.exec(m);
  if (start) return sql`date_trunc(${raw(`'${start[1]!}'`)}, ${ts})`;
  const weekday = /^weekday ([0-6])$/.exec(m);
  if (weekday) {
    const n = d.param(Number(weekday[1]), 'number');
    return sql`(${ts} + CAST(MOD(CAST(${n} AS INT) - CAST(EXTRACT(DOW FROM ${ts}) AS INT) + 7, 7) AS INT) * interval '1 day')`;
  }
  if (m === 'utc' || m === 'localtime') return ts;
  if (m === 'unixepoch') return raw('CAST(NULL AS TIMESTAMP)');
  throw invalidFilter(`strftime() modifier ${JSON.stringify(modifier)} is not supported on PostgreSQL`);
}

const T = raw('_ts.t');
const toChar = (pattern: string): Sql => sql`to_char(${T}, ${raw(`'${pattern}'`)})`;
const pad = (e: Sql, c: string): Sql => sql`lpad(${e}, 2, ${raw(`'${c}'`)})`;
const dow = sql`CAST(EXTRACT(DOW FROM ${T}) AS INT)`;
const yday = sql`(CAST(EXTRACT(DOY FROM ${T}) AS INT) - 1)`;

const SPECIFIERS: Record<string, Sql> = {
  d: toChar('DD'),
  e: pad(toChar('FMDD'), ' '),
  f: toChar('SS.MS'),
  F: toChar('YYYY-MM-DD'),
  G: toChar('IYYY'),
  g: toChar('IY'),
  H: toChar('HH24'),
  I: toChar('HH12'),
  j: toChar('DDD'),
  k: pad(toChar('FMHH24'), ' '),
  l: pad(toChar('FMHH12'), ' '),
  m: toChar('MM'),
  M: toChar('MI'),
  p: toChar('AM'),
  P: toChar('am'),
  R: toChar('HH24:MI'),
  s: sql`CAST(CAST(FLOOR(EXTRACT(EPOCH FROM ${T})) AS BIGINT) AS TEXT)`,
  S: toChar('SS'),
  T: toChar('HH24:MI:SS'),
  u: toChar('ID'),
  U: pad(sql`CAST((${yday} + 7 - ${dow}) / 7 AS TEXT)`, '0'),
  V: toChar('IW'),
  w: sql`CAST(${dow} AS TEXT)`,
  W: pad(sql`CAST((${yday} + 7 - MOD(${dow} + 6, 7)) / 7 AS TEXT)`, '0'),
  Y: toChar('YYYY'),
};

/** PostgreSQL equivalent of SQLite `strftime`; literal parts of the format are bound parameters. */
export function pgStrftime(
  d: DialectSql,
  format: string,
  time: ScalarOperand | undefined,
  modifiers: string[],
): Sql {
  const mods = [...modifiers];
  const state: ModState = { ts: timeValue(d, time, mods), shiftedYears: 0 };
  for (const m of mods) {
    const next = applyModifier(d, state, m);
    if (!next) return raw('CAST(NULL AS TEXT)');
    state.ts = next;
  }
  const ts = state.ts;

  const pieces: Sql[] = [];
  let text = '';
  const flush = (): void => {
    if (text) pieces.push(d.param(text, 'text'));
    text = '';
  };
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== '%') {
      text += c;
      continue;
    }
    const spec = format[++i];
    if (spec === '%') {
      text += '%';
      continue;
    }
    if (spec === 'J') throw invalidFilter('strftime() %J is not supported on PostgreSQL');
    const piece = spec === undefined ? undefined : SPECIFIERS[spec];
    // SQLite answers NULL for an unknown conversion.
    if (!piece) return raw('CAST(NULL AS TEXT)');
    flush();
    pieces.push(piece);
  }
  flush();
  if (pieces.length === 0) return d.param('', 'text');
  return sql`(SELECT ${joinSql(pieces, ' || ')} FROM (SELECT ${ts} AS t) AS _ts)`;
}

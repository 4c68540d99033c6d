/**
 * `sort` parameter compilation (PocketBase's list API): a comma list of field paths, `-` for DESC, `+` or
 * nothing for ASC, plus `@random` and `@rowid`. Only values with one value per record can be
 * sorted on, so multi-valued paths are refused.
 */
import type { CompiledSql } from './compile.js';
import { createState } from './compile-core.js';
import type { CompileState, FilterContext } from './context.js';
import { assertNoSuperuserOnlyFields, invalidFilter } from './errors.js';
import { tokenize } from './lexer.js';
import { resolveIdentifier } from './resolve-identifier.js';
import { joinSql, raw, sql, type Sql } from './sql.js';

export const MAX_SORT_FIELDS = 8;
export const MAX_SORT_FIELD_LENGTH = 255;

/**
 * Compiles a sort string to an ORDER BY list (without the keyword), or '' for an empty string.
 * PostgreSQL gets `COLLATE "C"` on text and explicit NULLS placement so both engines order alike.
 * `@rowid` is SQLite's rowid; on PostgreSQL it maps to `ctid` (physical order, the closest thing to
 * "database order"), which requires `ctx.alias` to name a real table.
 * @throws {ApiError} 400 for unknown, hidden or multi-valued fields or too many fields; 403 for
 * `@collection.`/`@request.` when not allowed.
 */
export function compileSort(sortString: string, ctx: FilterContext): CompiledSql {
  if (!ctx.allowRequestAndCollection) assertNoSuperuserOnlyFields(sortString);
  if (sortString.trim() === '') return { sql: '', params: [] };
  const items = sortString.split(',');
  if (items.length > MAX_SORT_FIELDS) throw invalidFilter(`too many sort fields (max ${MAX_SORT_FIELDS})`);
  const st = createState(ctx);
  const parts = items.map((item) => sortItem(st, item));
  const out = joinSql(parts, ', ');
  return { sql: out.text, params: [...out.params] };
}

function sortItem(st: CompileState, item: string): Sql {
  if (item.length > MAX_SORT_FIELD_LENGTH) throw invalidFilter('sort field too long');
  let name = item.trim();
  let desc = false;
  if (name.startsWith('-')) {
    desc = true;
    name = name.slice(1);
  } else if (name.startsWith('+')) {
    name = name.slice(1);
  }
  const d = st.d;
  const dir = raw(desc ? (d.pg ? 'DESC NULLS LAST' : 'DESC') : d.pg ? 'ASC NULLS FIRST' : 'ASC');
  if (name === '@random') return d.random();
  if (name === '@rowid') return sql`${st.baseAlias}.${raw(d.pg ? 'ctid' : '_rowid_')} ${dir}`;

  const tokens = tokenize(name);
  if (tokens.length !== 2 || tokens[0]!.type !== 'identifier')
    throw invalidFilter(`invalid sort field ${JSON.stringify(name)}`);
  // Macros, @request values and keywords are constants, and @collection is multi-valued:
  // PocketBase refuses to sort by any of them.
  if (name.startsWith('@')) throw invalidFilter(`invalid sort field ${JSON.stringify(name)}`);
  const value = resolveIdentifier(st, name);
  if (value.form !== 'scalar' || value.literal)
    throw invalidFilter(`invalid sort field ${JSON.stringify(name)}`);
  const kind = value.kind === 'null' ? 'text' : value.kind;
  const expr = value.guard
    ? sql`(CASE WHEN COALESCE(${value.guard}, ${d.false}) THEN ${value.sql} END)`
    : value.sql;
  return sql`${d.collate(expr, kind)} ${dir}`;
}

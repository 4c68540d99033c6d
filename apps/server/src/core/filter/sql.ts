/**
 * SQL fragments that carry their own positional parameters, so composing fragments in any order
 * keeps `?` placeholders and values aligned. Interpolation accepts only other fragments: user
 * text can reach SQL solely through `Dialect.param`, never by string concatenation.
 */
import { q, type Dialect } from '../db/db.js';
import { invalidFilter } from './errors.js';

export class Sql {
  constructor(
    readonly text: string,
    readonly params: readonly unknown[] = [],
  ) {}
}

/**
 * Replaces lone UTF-16 surrogates with U+FFFD, as UTF-8 encoding of text parameters does anyway;
 * inside JSON they would survive as `\ud800` escapes that PostgreSQL's jsonb rejects.
 */
function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** Trusted SQL text (keywords, quoted schema identifiers, generated aliases). */
export function raw(text: string): Sql {
  return new Sql(text);
}

/** Template tag joining literal SQL with fragments, concatenating their parameters in order. */
export function sql(strings: TemplateStringsArray, ...parts: Sql[]): Sql {
  let text = strings[0]!;
  const params: unknown[] = [];
  parts.forEach((part, i) => {
    text += part.text + strings[i + 1]!;
    params.push(...part.params);
  });
  return new Sql(text, params);
}

export function joinSql(parts: readonly Sql[], separator: string): Sql {
  return new Sql(
    parts.map((p) => p.text).join(separator),
    parts.flatMap((p) => p.params),
  );
}

/** A quoted identifier that was checked against the schema. */
export function ident(name: string): Sql {
  return raw(q(name));
}

/** `alias."column"` for a schema-checked column. */
export function column(alias: Sql, name: string): Sql {
  return sql`${alias}.${ident(name)}`;
}

/** The SQL kind of a value, used to pick casts and keep PostgreSQL comparisons well-typed. */
export type Kind = 'text' | 'number' | 'bool' | 'json';

const PG_TYPES: Record<Kind, string> = {
  text: 'TEXT',
  number: 'DOUBLE PRECISION',
  bool: 'BOOLEAN',
  json: 'JSONB',
};

/** Dialect-specific SQL snippets; everything that differs between SQLite and PostgreSQL lives here. */
export class DialectSql {
  constructor(readonly dialect: Dialect) {}

  get pg(): boolean {
    return this.dialect === 'postgres';
  }

  /**
   * A bound parameter. PostgreSQL gets an explicit cast on every parameter because untyped
   * parameters in comparisons and CASE expressions fail type inference there.
   */
  param(value: unknown, kind: Kind): Sql {
    // PostgreSQL text and jsonb cannot hold NUL, and binding one fails the whole query; refuse it
    // on both engines so a filter means the same everywhere.
    if (
      typeof value === 'string'
        ? value.includes('\u0000')
        : value !== null && typeof value === 'object' && JSON.stringify(value).includes('\\u0000')
    ) {
      throw invalidFilter('NUL character in a filter value');
    }
    let v: unknown = typeof value === 'string' ? wellFormed(value) : value;
    // SQLite binds booleans as 0/1 and compares JSON values in their SQL form (json_extract
    // yields plain numbers and text), so only arrays/objects are serialised there.
    if (typeof value === 'boolean' && !this.pg) v = value ? 1 : 0;
    if (kind === 'json' && value !== null && (this.pg || typeof value === 'object')) {
      v = JSON.stringify(value, (_k, x: unknown) => (typeof x === 'string' ? wellFormed(x) : x));
    }
    return this.pg ? new Sql(`CAST(? AS ${PG_TYPES[kind]})`, [v]) : new Sql('?', [v]);
  }

  nullOf(kind: Kind): Sql {
    return raw(this.pg ? `CAST(NULL AS ${PG_TYPES[kind]})` : 'NULL');
  }

  get true(): Sql {
    return raw(this.pg ? 'TRUE' : '1');
  }

  get false(): Sql {
    return raw(this.pg ? 'FALSE' : '0');
  }

  /** `a IS NOT DISTINCT FROM b` (SQLite spells it `IS`). */
  isSame(a: Sql, b: Sql, negate: boolean): Sql {
    if (this.pg) return negate ? sql`(${a} IS DISTINCT FROM ${b})` : sql`(${a} IS NOT DISTINCT FROM ${b})`;
    return negate ? sql`(${a} IS NOT ${b})` : sql`(${a} IS ${b})`;
  }

  /**
   * A multi-value column (JSON array of strings) guarded so a malformed or non-array value reads as
   * empty instead of failing the whole query.
   */
  jsonArray(col: Sql): Sql {
    if (this.pg) return sql`(CASE WHEN jsonb_typeof(${col}) = 'array' THEN ${col} ELSE '[]'::jsonb END)`;
    return sql`(CASE WHEN json_valid(${col}) THEN (CASE WHEN json_type(${col}) = 'array' THEN ${col} ELSE '[]' END) ELSE '[]' END)`;
  }

  /** A FROM item yielding one row per array element, with the element text in `<alias>.value`. */
  jsonEach(array: Sql, alias: string): Sql {
    return this.pg
      ? sql`jsonb_array_elements_text(${array}) AS ${raw(alias)}(value)`
      : sql`json_each(${array}) AS ${raw(alias)}`;
  }

  /** `LEFT JOIN` of a per-element FROM item; PostgreSQL needs LATERAL to see earlier FROM items. */
  leftJoinEach(array: Sql, alias: string): Sql {
    return this.pg
      ? sql` LEFT JOIN LATERAL ${this.jsonEach(array, alias)} ON TRUE`
      : sql` LEFT JOIN ${this.jsonEach(array, alias)} ON 1=1`;
  }

  /** Number of elements of a JSON array (already guarded by `jsonArray`). */
  jsonLength(array: Sql): Sql {
    return this.pg ? sql`jsonb_array_length(${array})` : sql`json_array_length(${array})`;
  }

  /** True when the JSON array `array` holds the string `id`. */
  jsonContains(array: Sql, id: Sql): Sql {
    return this.pg
      ? sql`(${array} @> jsonb_build_array(${id}))`
      : sql`(${id} IN (SELECT value FROM json_each(${array})))`;
  }

  /**
   * A JSON column or a path inside it. JSON `null` and a missing path both read as SQL NULL, and
   * the path is a bound parameter because its keys come from the filter text.
   */
  jsonValue(col: Sql, path: string[]): Sql {
    if (this.pg) {
      if (path.length === 0) return sql`NULLIF(${col}, 'null'::jsonb)`;
      const arr = `{${path.map((p) => `"${p.replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`;
      return sql`NULLIF(${col} #> ${new Sql('CAST(? AS TEXT[])', [arr])}, 'null'::jsonb)`;
    }
    const jsonPath = '$' + path.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `."${p}"`)).join('');
    const guarded = sql`(CASE WHEN json_valid(${col}) THEN ${col} END)`;
    return path.length === 0
      ? sql`json_extract(${guarded}, '$')`
      : sql`json_extract(${guarded}, ${this.param(jsonPath, 'text')})`;
  }

  /** Any value as text; booleans read `true`/`false` in both engines. */
  toText(expr: Sql, kind: Kind): Sql {
    switch (kind) {
      case 'text':
        return expr;
      case 'bool':
        return sql`(CASE WHEN ${expr} THEN 'true' WHEN NOT ${expr} THEN 'false' END)`;
      case 'json':
        return this.pg ? sql`(${expr} #>> '{}')` : sql`CAST(${expr} AS TEXT)`;
      case 'number':
        return sql`CAST(${expr} AS TEXT)`;
    }
  }

  /** A number or boolean as a number (SQLite booleans are already 0/1). */
  boolToNumber(expr: Sql): Sql {
    return this.pg ? sql`(CASE WHEN ${expr} THEN 1 WHEN NOT ${expr} THEN 0 END)` : expr;
  }

  /**
   * Text, JSON or boolean as a number without ever raising: PostgreSQL casts only what looks like a
   * number. (The patterns avoid `?` because the driver rewrites every `?` into a placeholder.)
   */
  toNumber(expr: Sql, kind: Kind): Sql {
    if (kind === 'number') return expr;
    if (kind === 'bool') return this.boolToNumber(expr);
    if (!this.pg) return sql`CAST(${expr} AS REAL)`;
    // Digit counts are bounded so the cast can neither overflow nor underflow (both raise in PostgreSQL).
    const numeric = `'^ *[-+]{0,1}([0-9]{1,200}([.][0-9]{0,200}){0,1}|[.][0-9]{1,200})([eE][-+]{0,1}[0-9]{1,2}){0,1} *$'`;
    const text = kind === 'json' ? sql`(${expr} #>> '{}')` : expr;
    return sql`(CASE WHEN ${text} ~ ${raw(numeric)} THEN CAST(${text} AS DOUBLE PRECISION) END)`;
  }

  /** Case-insensitive (at least for ASCII) LIKE with backslash escapes, as PocketBase's `~`. */
  like(left: Sql, pattern: Sql, negate: boolean): Sql {
    const op = this.pg ? (negate ? 'NOT ILIKE' : 'ILIKE') : negate ? 'NOT LIKE' : 'LIKE';
    return sql`(${left} ${raw(op)} ${pattern} ESCAPE '\\')`;
  }

  /** Makes PostgreSQL order text bytewise like SQLite's BINARY collation. */
  collate(expr: Sql, kind: Kind): Sql {
    return this.pg && kind === 'text' ? sql`${expr} COLLATE "C"` : expr;
  }

  random(): Sql {
    return raw(this.pg ? 'random()' : 'RANDOM()');
  }
}

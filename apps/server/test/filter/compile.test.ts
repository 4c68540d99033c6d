/** Compile-only checks: no database needed. */
import { describe, expect, it } from 'vitest';
import { wrapLikeValue } from '../../src/core/filter/compare.js';
import { compileFilter, compileSort, type FilterContext } from '../../src/core/filter/compile.js';
import { macroValue } from '../../src/core/filter/macros.js';
import { parseFilter } from '../../src/core/filter/parser.js';
import { toPgPlaceholders } from './support.js';
import { authRecord, posts, registry, request } from './support.js';

function ctx(dialect: 'sqlite' | 'postgres', over: Partial<FilterContext> = {}): FilterContext {
  return {
    dialect,
    registry,
    collection: posts,
    alias: 'r',
    request: request({
      auth: authRecord('u1'),
      headers: { 'X-Zq': 'zqxHEADER' },
      query: { zq: 'zqxQUERY' },
      body: { title: 'zqxBODY', tags: ['zqxTAG'], author: 'zqxID' },
    }),
    allowHidden: true,
    allowRequestAndCollection: true,
    ...over,
  };
}

describe('LIKE wrapping (PocketBase wrapLikeParams)', () => {
  it.each([
    ['abc', '%abc%'],
    ['', '%%'],
    ['a%b', 'a%b'],
    ['a\\%b', '%a\\%b%'],
    ['a_b', '%a\\_b%'],
    ['a\\_b', '%a\\_b%'],
    ['a\\', '%a\\\\%'],
    ['%a\\', '%a\\\\'],
    ['\\\\%', '\\\\%'],
  ])('%j → %j', (input, expected) => {
    expect(wrapLikeValue(input)).toBe(expected);
  });
});

describe('macros', () => {
  it('computes month and year ends in UTC', () => {
    const leap = new Date('2024-02-10T23:30:00.000Z');
    expect(macroValue('@monthEnd', leap)).toBe('2024-02-29 23:59:59.999Z');
    expect(macroValue('@monthStart', leap)).toBe('2024-02-01 00:00:00.000Z');
    expect(macroValue('@yearEnd', leap)).toBe('2024-12-31 23:59:59.999Z');
    expect(macroValue('@weekday', leap)).toBe(6);
    expect(macroValue('@now', new Date('2023-12-31T23:59:59.999Z'))).toBe('2023-12-31 23:59:59.999Z');
    expect(macroValue('@tomorrow', new Date('2023-12-31T23:59:59.999Z'))).toBe('2024-01-01 23:59:59.999Z');
    expect(macroValue('@nope', leap)).toBeUndefined();
    expect(macroValue('toString', leap)).toBeUndefined();
  });
});

describe('compiled SQL', () => {
  const hostile = [
    "title = 'zqx\\' OR 1=1 --'",
    'title = "zqx\\" OR 1=1 --"',
    "title ~ 'zqx%'",
    "data.zqxkey.zqxsub = 'x'",
    '@request.headers.x_zq = 1',
    '@request.query.zq = 1',
    "@request.body.title = 'x' && @request.body.tags:each ?= 'y' && @request.body.author.name = 'z'",
    "@request.body.title:lower = 'x'",
    "@collection.tags:zqxalias.name ?= 'x'",
    "strftime('zqx%Y', published_at, '+1 days') = 'zqx'",
    "strftime('%Y', 'zqx') = 'zqx'",
    "@request.auth.name = 'x'",
    'title = 12345.678',
  ];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it.each(hostile)(`never inlines filter or request text (${dialect}): %s`, (filter) => {
      const out = compileFilter(filter, ctx(dialect));
      expect(out.sql).not.toMatch(/zqx|12345|Ann/i);
      expect(out.sql.split('?').length - 1).toBe(out.params.length);
    });
  }

  it('casts every PostgreSQL parameter explicitly', () => {
    const out = compileFilter(
      "title = 'x' && views > 1 && published = true && data.a = 1 && tags:each ?= 'a' && @request.body.tags:each ?= 'b'",
      ctx('postgres'),
    );
    const bare = out.sql.replace(/CAST\(\? AS [A-Z ]+(\[\])?\)/g, '');
    expect(bare).not.toContain('?');
  });

  it('accepts a parsed AST as well as a string', () => {
    const ast = parseFilter("title = 'x'");
    expect(compileFilter(ast, ctx('sqlite'))).toEqual(compileFilter("title = 'x'", ctx('sqlite')));
  });

  it('compiles an empty sort to nothing', () => {
    expect(compileSort('', ctx('sqlite'))).toEqual({ sql: '', params: [] });
    expect(compileSort('  ', ctx('postgres'))).toEqual({ sql: '', params: [] });
  });

  it('compiles a plain field comparison without wrappers (index friendly)', () => {
    expect(compileFilter("title = 'x'", ctx('sqlite'))).toEqual({ sql: '("r"."title" = ?)', params: ['x'] });
    expect(compileFilter('views >= 2', ctx('postgres'))).toEqual({
      sql: '("r"."views" >= CAST(? AS DOUBLE PRECISION))',
      params: [2],
    });
  });

  it('rewrites placeholders like the driver does', () => {
    expect(toPgPlaceholders('a = ? AND b = ?')).toBe('a = $1 AND b = $2');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.js';
import type { FilterNode } from '../../src/core/filter/ast.js';
import { tokenize } from '../../src/core/filter/lexer.js';
import { MAX_FILTER_EXPRESSIONS, MAX_FILTER_LENGTH, parseFilter } from '../../src/core/filter/parser.js';

/** A compact rendering of the tree: `a=1`, `(x & y)`, `(x | y)`. */
function show(node: FilterNode): string {
  if (node.type === 'expr') {
    const op = (o: typeof node.left): string => {
      switch (o.type) {
        case 'identifier':
          return o.name;
        case 'text':
          return JSON.stringify(o.value);
        case 'number':
          return `#${o.value}`;
        case 'function':
          return `${o.name}(${o.args.map(op).join(',')})`;
      }
    };
    return `${op(node.left)}${node.op}${op(node.right)}`;
  }
  return `(${node.items.map(show).join(node.type === 'and' ? ' & ' : ' | ')})`;
}

const p = (s: string): string => show(parseFilter(s).root);

function expect400(s: string): void {
  let err: unknown;
  try {
    parseFilter(s);
  } catch (e) {
    err = e;
  }
  expect(err, `expected ${JSON.stringify(s)} to fail`).toBeInstanceOf(ApiError);
  const api = err as ApiError;
  expect(api.status).toBe(400);
  expect(api.data).toEqual({});
  expect(api.message).toBe('Something went wrong while processing your request.');
  expect(api.cause).toBeInstanceOf(Error);
}

describe('parseFilter: structure', () => {
  it('parses a single expression', () => {
    expect(p('a = 1')).toBe('a=#1');
    expect(p("a='x'")).toBe('a="x"');
  });

  it('binds && tighter than ||', () => {
    expect(p('a = 1 || b = 2 && c = 3')).toBe('(a=#1 | (b=#2 & c=#3))');
    expect(p('a = 1 && b = 2 || c = 3')).toBe('((a=#1 & b=#2) | c=#3)');
    expect(p('a = 1 && b = 2 || c = 3 && d = 4')).toBe('((a=#1 & b=#2) | (c=#3 & d=#4))');
  });

  it('keeps groups as written and flattens redundant nesting', () => {
    expect(p('(a = 1 || b = 2) && c = 3')).toBe('((a=#1 | b=#2) & c=#3)');
    expect(p('((((a = 1))))')).toBe('a=#1');
    expect(p('a = 1 && (b = 2 && c = 3)')).toBe('(a=#1 & b=#2 & c=#3)');
    expect(p('a = 1 || (b = 2 || (c = 3))')).toBe('(a=#1 | b=#2 | c=#3)');
    expect(p('(a = 1 && (b = 2 || (c = 3 && d = 4)))')).toBe('(a=#1 & (b=#2 | (c=#3 & d=#4)))');
  });

  it('accepts every operator', () => {
    for (const op of [
      '=',
      '!=',
      '>',
      '>=',
      '<',
      '<=',
      '~',
      '!~',
      '?=',
      '?!=',
      '?>',
      '?>=',
      '?<',
      '?<=',
      '?~',
      '?!~',
    ]) {
      expect(p(`a ${op} 1`)).toBe(`a${op}#1`);
      expect(p(`a${op}1`)).toBe(`a${op}#1`);
    }
  });

  it('ignores whitespace and comments', () => {
    expect(p('a = 1 // first\n && b = 2 // last')).toBe('(a=#1 & b=#2)');
    expect(p('\t a\n=\r\n1 ')).toBe('a=#1');
    expect(p('// leading comment\na = 1')).toBe('a=#1');
    expect(p("a = 'not // a comment'")).toBe('a="not // a comment"');
  });

  it('reads text with escaped quotes', () => {
    expect(p("a = 'it\\'s'")).toBe(`a="it's"`);
    expect(p('a = "say \\"hi\\""')).toBe('a="say \\"hi\\""');
    // Only the opening quote character is unescaped; other backslashes stay.
    expect(parseFilter("a = 'x\\\"y'").root).toMatchObject({ right: { value: 'x\\"y' } });
    expect(parseFilter("a = 'back\\\\slash'").root).toMatchObject({ right: { value: 'back\\\\slash' } });
    expect(parseFilter("a = ''").root).toMatchObject({ right: { value: '' } });
    expect(parseFilter("a = '日本 ✓'").root).toMatchObject({ right: { value: '日本 ✓' } });
  });

  it('reads numbers', () => {
    expect(p('a = -1')).toBe('a=#-1');
    expect(p('a = 1.5')).toBe('a=#1.5');
    expect(p('a = -0.25')).toBe('a=#-0.25');
    expect(p('a = -.5')).toBe('a=#-0.5');
    expect(parseFilter('a = 007').root).toMatchObject({ right: { value: 7, raw: '007' } });
    expect(p('a>-1')).toBe('a>#-1');
  });

  it('reads identifiers with paths, modifiers and special starts', () => {
    expect(p('a.b.c:lower = @request.auth.id')).toBe('a.b.c:lower=@request.auth.id');
    expect(p('_x = #y')).toBe('_x=#y');
    expect(p('@collection.users:u.name ?= null')).toBe('@collection.users:u.name?=null');
    expect(p('1 = 1')).toBe('#1=#1');
    expect(p("'a' = b")).toBe('"a"=b');
  });

  it('reads functions with nested and trailing-comma arguments', () => {
    expect(p("f(a, 'b', 1, g(h(x))) = 1")).toBe('f(a,"b",#1,g(h(x)))=#1');
    expect(p('f(a,) = 1')).toBe('f(a)=#1');
    expect(p('f() = 1')).toBe('f()=#1');
    expect(p('f( a // note\n , b ) = 1')).toBe('f(a,b)=#1');
    expect(p("strftime('%Y', created) = '2024'")).toBe('strftime("%Y",created)="2024"');
  });

  it('counts expressions', () => {
    expect(parseFilter('a = 1 && (b = 2 || c = 3)').exprCount).toBe(3);
  });
});

describe('parseFilter: errors', () => {
  it.each([
    '',
    '   ',
    '// just a comment',
    'a',
    'a =',
    '= 1',
    'a = 1 &&',
    '&& a = 1',
    'a = 1 b = 2',
    'a = 1 (b = 2)',
    '(a = 1) (b = 2)',
    'a = (b = 1)',
    '(a = 1',
    'a = 1)',
    '()',
    '(())',
    'a == 1',
    'a =! 1',
    'a <> 1',
    'a ! 1',
    'a ? 1',
    'a =? 1',
    'a = 1 & b = 2',
    'a = 1 | b = 2',
    'a = 1 &&& b = 2',
    'a = 1 ||| b = 2',
    "a = 'unterminated",
    'a = "unterminated',
    "a = 'x\\'",
    'a = 1.',
    'a = .5',
    'a = 1.2.3',
    'a = -',
    'a = 1e3',
    'a. = 1',
    'a: = 1',
    '@ = 1',
    '_ = 1',
    '# = 1',
    'ä = 1',
    'a = 1 / 2',
    'a = 1;',
    'a = 1; DROP TABLE x; --',
    'f(,a) = 1',
    'f(a b) = 1',
    'f(a,,b) = 1',
    'f(a = 1',
    'f((a)) = 1',
    'a(b(c(d(1)))) = 1',
    'f(a.) = 1',
    'f(-) = 1',
  ])('rejects %j', (s) => {
    expect400(s);
  });

  it('allows functions nested three levels but not four', () => {
    expect(p('a(b(c(1))) = 1')).toBe('a(b(c(#1)))=#1');
    expect400('a(b(c(d(1)))) = 1');
  });
});

describe('parseFilter: limits', () => {
  it(`accepts ${MAX_FILTER_LENGTH} characters and refuses one more`, () => {
    const base = 'a = 1';
    const ok = base + ' '.repeat(MAX_FILTER_LENGTH - base.length);
    expect(parseFilter(ok).exprCount).toBe(1);
    expect400(ok + ' ');
  });

  it(`accepts ${MAX_FILTER_EXPRESSIONS} expressions and refuses one more`, () => {
    const list = (n: number): string => Array.from({ length: n }, () => 'a=1').join('||');
    expect(parseFilter(list(MAX_FILTER_EXPRESSIONS)).exprCount).toBe(MAX_FILTER_EXPRESSIONS);
    expect400(list(MAX_FILTER_EXPRESSIONS + 1));
  });

  it('survives deep nesting within the length limit', () => {
    const depth = 1700;
    expect(p('('.repeat(depth) + 'a=1' + ')'.repeat(depth))).toBe('a=#1');
    expect400('('.repeat(depth) + 'a=1' + ')'.repeat(depth - 1));
    let alternating = 'a=1';
    for (let i = 0; i < 150; i++) alternating = `a=1${i % 2 ? '&&' : '||'}(${alternating})`;
    expect(parseFilter(alternating).exprCount).toBe(151);
  });
});

describe('tokenize', () => {
  it('emits function tokens only when ( follows the name directly', () => {
    expect(tokenize('f(1)').map((t) => t.type)).toEqual(['function', 'number', 'rparen', 'eof']);
    expect(tokenize('f (1)').map((t) => t.type)).toEqual(['identifier', 'lparen', 'number', 'rparen', 'eof']);
  });
});

/**
 * Recursive-descent parser for filters (PocketBase's filter grammar). `&&` binds tighter than `||`,
 * as the SQL PocketBase emits does. Parenthesised groups that add nothing are flattened so that
 * deep but trivial nesting cannot exceed the SQL engines' expression-depth limits.
 */
import { SIGN_OPS, type FilterAst, type FilterNode, type Operand, type SignOp } from './ast.js';
import { invalidFilter } from './errors.js';
import { tokenize, type Token } from './lexer.js';

/** PocketBase refuses longer filters outright. */
export const MAX_FILTER_LENGTH = 3500;
/** PocketBase allows at most this many `a op b` comparisons per filter. */
export const MAX_FILTER_EXPRESSIONS = 200;
/** fexpr allows a function plus two nested levels of function arguments. */
const MAX_FUNCTION_DEPTH = 3;

class Parser {
  private pos = 0;
  exprCount = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos]!;
  }

  private next(): Token {
    return this.tokens[this.pos++]!;
  }

  parseRoot(): FilterNode {
    const node = this.parseOr();
    const t = this.peek();
    if (t.type !== 'eof') throw invalidFilter(`unexpected ${t.type} at ${t.pos}`);
    return node;
  }

  private parseOr(): FilterNode {
    const items: FilterNode[] = [];
    pushFlat(items, this.parseAnd(), 'or');
    while (this.peek().type === 'join' && this.peek().value === '||') {
      this.next();
      pushFlat(items, this.parseAnd(), 'or');
    }
    return items.length === 1 ? items[0]! : { type: 'or', items };
  }

  private parseAnd(): FilterNode {
    const items: FilterNode[] = [];
    pushFlat(items, this.parseTerm(), 'and');
    while (this.peek().type === 'join' && this.peek().value === '&&') {
      this.next();
      pushFlat(items, this.parseTerm(), 'and');
    }
    return items.length === 1 ? items[0]! : { type: 'and', items };
  }

  private parseTerm(): FilterNode {
    const t = this.peek();
    if (t.type === 'lparen') {
      this.next();
      if (this.peek().type === 'rparen') throw invalidFilter(`empty group at ${t.pos}`);
      const inner = this.parseOr();
      const close = this.next();
      if (close.type !== 'rparen') throw invalidFilter(`missing closing bracket for group at ${t.pos}`);
      return inner;
    }
    const left = this.parseOperand(0);
    const sign = this.next();
    if (sign.type !== 'sign' || !SIGN_OPS.has(sign.value)) {
      throw invalidFilter(`expected an operator at ${sign.pos}`);
    }
    const right = this.parseOperand(0);
    this.exprCount++;
    if (this.exprCount > MAX_FILTER_EXPRESSIONS) {
      throw invalidFilter(`too many expressions (max ${MAX_FILTER_EXPRESSIONS})`);
    }
    return { type: 'expr', left, op: sign.value as SignOp, right };
  }

  private parseOperand(depth: number): Operand {
    const t = this.next();
    switch (t.type) {
      case 'identifier':
        return { type: 'identifier', name: t.value };
      case 'text':
        return { type: 'text', value: t.value };
      case 'number': {
        const value = Number(t.value);
        if (!Number.isFinite(value)) throw invalidFilter(`number out of range at ${t.pos}`);
        return { type: 'number', value, raw: t.value };
      }
      case 'function':
        return this.parseFunction(t, depth + 1);
      default:
        throw invalidFilter(`expected an operand at ${t.pos}`);
    }
  }

  /** Arguments: identifiers, text, numbers or nested functions; one trailing comma is allowed. */
  private parseFunction(fn: Token, depth: number): Operand {
    if (depth > MAX_FUNCTION_DEPTH) throw invalidFilter(`too deeply nested function ${fn.value}`);
    const args: Operand[] = [];
    for (;;) {
      if (this.peek().type === 'rparen') {
        this.next();
        return { type: 'function', name: fn.value, args };
      }
      args.push(this.parseOperand(depth));
      const sep = this.peek();
      if (sep.type === 'comma') this.next();
      else if (sep.type !== 'rparen') throw invalidFilter(`expected , or ) in function ${fn.value}`);
    }
  }
}

/** Appends `node`, inlining it when it is a list of the same join kind. */
function pushFlat(items: FilterNode[], node: FilterNode, kind: 'and' | 'or'): void {
  if (node.type === kind) items.push(...node.items);
  else items.push(node);
}

/**
 * Parses a filter string into an AST.
 * @throws {ApiError} 400 when the string is empty, too long, malformed or has too many expressions.
 */
export function parseFilter(input: string): FilterAst {
  if (input.length > MAX_FILTER_LENGTH) {
    throw invalidFilter(`filter too long (max ${MAX_FILTER_LENGTH} characters)`);
  }
  const tokens = tokenize(input);
  if (tokens.length === 1) throw invalidFilter('empty filter expression');
  const parser = new Parser(tokens);
  const root = parser.parseRoot();
  return { root, exprCount: parser.exprCount };
}

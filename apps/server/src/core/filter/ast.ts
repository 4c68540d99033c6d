/**
 * The parsed form of a filter (PocketBase's filter grammar). A filter is parsed once into this tree and then
 * compiled per dialect, so the compiler never looks at raw characters again.
 */

/** The comparison operators; a leading `?` is the "any" variant of the same comparison. */
export type SignOp =
  | '='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | '~'
  | '!~'
  | '?='
  | '?!='
  | '?>'
  | '?>='
  | '?<'
  | '?<='
  | '?~'
  | '?!~';

export const SIGN_OPS: ReadonlySet<string> = new Set<SignOp>([
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
]);

export type IdentifierOperand = { type: 'identifier'; name: string };
export type TextOperand = { type: 'text'; value: string };
/** `raw` keeps the literal as written so `title = 5.0` can compare against the text "5.0". */
export type NumberOperand = { type: 'number'; value: number; raw: string };
export type FunctionOperand = { type: 'function'; name: string; args: Operand[] };

export type Operand = IdentifierOperand | TextOperand | NumberOperand | FunctionOperand;

export type ExprNode = { type: 'expr'; left: Operand; op: SignOp; right: Operand };
/** `&&` and `||` lists; the parser flattens nested lists of the same kind. */
export type JoinNode = { type: 'and' | 'or'; items: FilterNode[] };
export type FilterNode = ExprNode | JoinNode;

/** A parsed filter: the root node plus the number of comparisons it holds. */
export type FilterAst = { root: FilterNode; exprCount: number };

/** True for the `?`-prefixed operators (at least one element must match). */
export function isAnyOp(op: SignOp): boolean {
  return op.startsWith('?');
}

/** The operator without its `?` prefix. */
export function baseOp(op: SignOp): '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~' {
  return (op.startsWith('?') ? op.slice(1) : op) as ReturnType<typeof baseOp>;
}

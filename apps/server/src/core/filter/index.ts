/**
 * The filter/sort language of the PocketBase API: parse once, compile per dialect.
 */
export type { FilterAst, FilterNode, ExprNode, JoinNode, Operand, SignOp } from './ast.js';
export { parseFilter, MAX_FILTER_LENGTH, MAX_FILTER_EXPRESSIONS } from './parser.js';
export { compileFilter, type CompiledSql } from './compile.js';
export { compileSort, MAX_SORT_FIELDS, MAX_SORT_FIELD_LENGTH } from './sort.js';
export type { FilterContext, RequestInfo } from './context.js';
export { normalizeHeaderName } from './resolve-request.js';
export { assertNoSuperuserOnlyFields } from './errors.js';

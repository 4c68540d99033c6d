/**
 * API rules and common client filters are the same few strings on every request and every
 * realtime event, so their parse is memoised. Only successful parses are kept (a bad filter throws
 * each time, with its own message); the map is bounded so hostile unique filters cannot grow it.
 * ASTs are shared, so they are frozen: a compiler change that mutated one would throw, not leak
 * state from one request into the next.
 */
import type { FilterAst } from './ast.js';
import { parseFilter } from './parser.js';

const MAX_ENTRIES = 1000;
const cache = new Map<string, FilterAst>();

export function parseFilterCached(input: string): FilterAst {
  const hit = cache.get(input);
  if (hit) return hit;
  const ast = deepFreeze(parseFilter(input));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(input, ast);
  return ast;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

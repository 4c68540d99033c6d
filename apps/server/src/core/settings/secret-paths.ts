/**
 * Walks the secret paths of the settings (`a.b`, `a.*.b` for every item of a list) so masking and
 * "keep the stored secret when a PATCH leaves it blank, clear it when the PATCH says null" follow
 * one list instead of code per field.
 */
import { isObjectLike } from '../../tools/object-kinds.js';

type Plain = Record<string, unknown>;

/** Calls `visit(parent, key)` for each place `path` names inside `root`. */
function eachTarget(root: unknown, parts: string[], visit: (parent: Plain, key: string) => void): void {
  if (!isObjectLike(root) || parts.length === 0) return;
  const [head, ...rest] = parts as [string, ...string[]];
  const children = head === '*' ? Object.keys(root) : [head];
  for (const key of children) {
    if (rest.length === 0) visit(root, key);
    else eachTarget(root[key], rest, visit);
  }
}

/** Blanks every secret in `settings` (mutates). */
export function blankSecrets(settings: unknown, paths: readonly string[]): void {
  for (const path of paths) {
    eachTarget(settings, path.split('.'), (parent, key) => {
      if (typeof parent[key] === 'string') parent[key] = '';
    });
  }
}

/**
 * Copies each secret of `prev` into `next` where `next` has it blank. A secret the patch set to
 * `null` is cleared instead: the only way to remove one, since a secret is never shown and a blank
 * means "keep". List items are matched by `name` when they have one (OAuth2 providers), else by
 * position.
 */
export function keepSecrets(next: unknown, prev: unknown, paths: readonly string[]): void {
  for (const path of paths) keepPath(next, prev, path.split('.'));
}

function keepPath(next: unknown, prev: unknown, parts: string[]): void {
  if (!isObjectLike(next) || !isObjectLike(prev) || parts.length === 0) return;
  const [head, ...rest] = parts as [string, ...string[]];
  if (head === '*') {
    for (const key of Object.keys(next)) {
      const item = next[key];
      const name = isObjectLike(item) ? item.name : undefined;
      const match =
        Array.isArray(prev) && typeof name === 'string'
          ? prev.find((p) => isObjectLike(p) && p.name === name)
          : prev[key];
      keepPath(item, match, rest);
    }
    return;
  }
  if (rest.length > 0) return keepPath(next[head], prev[head], rest);
  if (next[head] === null && typeof prev[head] === 'string') next[head] = '';
  else if (!next[head] && typeof prev[head] === 'string') next[head] = prev[head];
}

/**
 * Whether each secret holds a value, by concrete path (`oauth2.providers.0.clientSecret`): what
 * a settings form shows instead of the secret itself.
 */
export function secretStatus(settings: unknown, paths: readonly string[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const path of paths) walkNamed(settings, path.split('.'), [], out);
  return out;
}

function walkNamed(node: unknown, parts: string[], at: string[], out: Record<string, boolean>): void {
  if (!isObjectLike(node) || parts.length === 0) return;
  const [head, ...rest] = parts as [string, ...string[]];
  for (const key of head === '*' ? Object.keys(node) : [head]) {
    if (rest.length) walkNamed(node[key], rest, [...at, key], out);
    else if (typeof node[key] === 'string') out[[...at, key].join('.')] = node[key] !== '';
  }
}

/**
 * The list endpoint's two SQL texts (the page and its COUNT) for one collection and one set of
 * condition texts. The rule, filter and sort come out of the compile memos as the same string
 * objects request after request, so the texts built from them are kept (per collection, the last
 * combination): rebuilding them made two fresh strings of a few hundred characters per request that
 * the statement cache then had to flatten and hash to find the prepared statement again. Only the
 * text is kept; the query runs on every request.
 */
import { q } from '../db/db.js';
import type { CollectionDef } from '../schema/collection.js';
import { BASE_ALIAS } from './rules.js';

export type ListSql = {
  /** `SELECT … LIMIT ? OFFSET ?`: the where parameters, the sort's, then limit and offset. */
  readonly page: string;
  /** `SELECT COUNT(*) AS n …`: the where parameters. */
  readonly count: string;
};

type Kept = ListSql & {
  readonly where: readonly string[];
  readonly sort: string;
};

const kept = new WeakMap<CollectionDef, Kept>();

/** `where`: the condition texts, each parenthesised and ANDed in order; `sort`: an ORDER BY list or ''. */
export function listSql(collection: CollectionDef, where: readonly string[], sort: string): ListSql {
  const last = kept.get(collection);
  if (last && last.sort === sort && sameTexts(last.where, where)) return last;
  const from = `FROM ${q(collection.name)} ${BASE_ALIAS}${where.length ? ` WHERE ${where.map((w) => `(${w})`).join(' AND ')}` : ''}`;
  const texts: Kept = {
    where: [...where],
    sort,
    page: `SELECT ${BASE_ALIAS}.* ${from}${sort ? ` ORDER BY ${sort}` : ''} LIMIT ? OFFSET ?`,
    count: `SELECT COUNT(*) AS n ${from}`,
  };
  kept.set(collection, texts);
  return texts;
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

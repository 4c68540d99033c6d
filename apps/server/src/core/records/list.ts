/**
 * The list endpoint's query (PocketBase's list API): paging, sort, filter and the list rule, all in SQL,
 * so totals and pages are right. A client filter may not reach @collection/@request or hidden fields.
 */
import { ApiError } from '../errors.js';
import type { CollectionDef } from '../schema/collection.js';
import type { App } from '../app.js';
import { isSuperuser, type Caller } from './caller.js';
import { decodeRow } from './codec.js';
import { ruleCondition } from './rules.js';
import { listSql } from './list-sql.js';
import { clientFilter, clientSort } from './client-expression.js';
import { jsonIsPlain, plainRecordJson } from './row-shaper.js';
import type { RecordJson } from './serialize.js';

export type ListParams = {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string;
  skipTotal?: string;
  expand?: string;
};

export type ListResult = {
  items: RecordJson[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
};

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 1000;

/** A positive page or perPage value; empty or non-positive means `fallback`, anything else a 400. */
export function parseIntParam(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[+-]?\d+$/.test(value.trim())) throw ApiError.badRequest('', {});
  const n = Number.parseInt(value, 10);
  return n <= 0 ? fallback : n;
}

export function parseBoolParam(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  const v = value.toLowerCase();
  if (['1', 't', 'true'].includes(v)) return true;
  if (['0', 'f', 'false'].includes(v)) return false;
  throw ApiError.badRequest();
}

/** 403 when a non-superuser's filter or sort reaches for @collection or @request. */
export function checkClientExpression(expr: string | undefined, caller: Caller): void {
  if (!expr || isSuperuser(caller)) return;
  for (const macro of ['@collection.', '@request.']) {
    if (expr.includes(macro)) throw ApiError.forbidden(`Only superusers can filter by ${macro}`);
  }
}

export async function listRecords(
  app: App,
  collection: CollectionDef,
  caller: Caller,
  params: ListParams,
): Promise<ListResult> {
  const su = isSuperuser(caller);
  if (!su && collection.listRule === null)
    throw ApiError.forbidden('Only superusers can perform this action.');
  const page = parseIntParam(params.page, 1);
  const perPage = Math.min(parseIntParam(params.perPage, DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const skipTotal = parseBoolParam(params.skipTotal);
  checkClientExpression(params.filter, caller);
  checkClientExpression(params.sort, caller);

  // The conditions' own texts, as the memos return them (listSql parenthesises them).
  const where: string[] = [];
  const whereParams: unknown[] = [];
  if (!su && collection.listRule) {
    const cond = ruleCondition(app.db, app.registry, collection, collection.listRule, caller);
    if (cond) {
      where.push(cond.sql);
      whereParams.push(...cond.params);
    }
  }
  const target = { db: app.db, registry: app.registry, collection, caller, superuser: su };
  if (params.filter && params.filter.trim() !== '') {
    const cond = clientFilter(target, params.filter);
    where.push(cond.sql);
    whereParams.push(...cond.params);
  }
  const sort = params.sort ? clientSort(target, params.sort) : { sql: '', params: [] };
  const sql = listSql(collection, where, sort.sql);
  const rows = await app.db.all(sql.page, [...whereParams, ...sort.params, perPage, (page - 1) * perPage]);
  let totalItems = -1;
  let totalPages = -1;
  if (!skipTotal) {
    const row = await app.db.get<{ n: number | string }>(sql.count, whereParams);
    totalItems = Number(row?.n ?? 0);
    totalPages = Math.ceil(totalItems / perPage);
  }
  const items = jsonIsPlain(collection, params.expand)
    ? rows.map((row) => plainRecordJson(collection, row, su))
    : await app.records.shape(
        collection,
        rows.map((row) => decodeRow(collection, row)),
        caller,
        { expand: params.expand },
      );
  return { items, page, perPage, totalItems, totalPages };
}

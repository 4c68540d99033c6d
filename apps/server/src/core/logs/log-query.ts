/**
 * Reading the request logs (PocketBase's logs API): the list envelope with the records API's paging, sort
 * and filter language, one entry by id, and hourly counts.
 */
import type { Db } from '../db/db.js';
import { ApiError } from '../errors.js';
import { decodeRow } from '../records/codec.js';
import { parseBoolParam } from '../records/list.js';
import { compileFilter, compileSort, type FilterContext } from '../filter/compile.js';
import { logsCollection, logsRegistry } from './logs-collection.js';
import type { LogRow } from './log-store.js';
import { isObjectLike } from '../../tools/object-kinds.js';

export type LogListParams = {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string;
  skipTotal?: string;
};
export type LogList = {
  items: LogRow[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
};
export type LogStat = { date: string; total: number };

const ALIAS = 'l';
const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 1000;

function context(): FilterContext {
  return {
    dialect: 'sqlite',
    registry: logsRegistry,
    collection: logsCollection,
    alias: ALIAS,
    request: null,
    allowHidden: true,
    allowRequestAndCollection: true,
  };
}

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[+-]?\d+$/.test(value.trim())) throw ApiError.badRequest();
  const n = Number.parseInt(value, 10);
  return n <= 0 ? fallback : n;
}

function where(filter: string | undefined): { sql: string; params: unknown[] } {
  if (!filter || filter.trim() === '') return { sql: '', params: [] };
  const cond = compileFilter(filter, context());
  return { sql: ` WHERE (${cond.sql})`, params: cond.params };
}

function toLog(row: Record<string, unknown>): LogRow {
  const r = decodeRow(logsCollection, row);
  return {
    id: String(r.id),
    created: String(r.created),
    level: Number(r.level),
    message: String(r.message),
    data: isObjectLike(r.data) ? r.data : {},
  };
}

export async function listLogs(db: Db, params: LogListParams): Promise<LogList> {
  const page = positiveInt(params.page, 1);
  const perPage = Math.min(positiveInt(params.perPage, DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const skipTotal = parseBoolParam(params.skipTotal);
  const w = where(params.filter);
  const sort = params.sort && params.sort.trim() !== '' ? compileSort(params.sort, context()) : null;
  // Newest first by default. Entries of the same millisecond keep their write order, in the
  // direction of the first sort field.
  const tieDir = !sort || params.sort!.trim().startsWith('-') ? 'DESC' : 'ASC';
  const order = `${sort ? sort.sql : `"${ALIAS}"."created" DESC`}, "${ALIAS}"._rowid_ ${tieDir}`;
  const from = `FROM "_logs" "${ALIAS}"${w.sql}`;
  const rows = await db.all(`SELECT "${ALIAS}".* ${from} ORDER BY ${order} LIMIT ? OFFSET ?`, [
    ...w.params,
    ...(sort?.params ?? []),
    perPage,
    (page - 1) * perPage,
  ]);
  let totalItems = -1;
  let totalPages = -1;
  if (!skipTotal) {
    const row = await db.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, w.params);
    totalItems = Number(row?.n ?? 0);
    totalPages = Math.ceil(totalItems / perPage);
  }
  return { items: rows.map(toLog), page, perPage, totalItems, totalPages };
}

/** @throws {ApiError} 404 when there is no such entry. */
export async function viewLog(db: Db, id: string): Promise<LogRow> {
  const row = await db.get(`SELECT * FROM "_logs" WHERE "id" = ?`, [id]);
  if (!row) throw ApiError.notFound();
  return toLog(row);
}

/** Entries per hour, oldest first: `[{date: "YYYY-MM-DD HH:00:00.000Z", total}]`. */
export async function logStats(db: Db, filter: string | undefined): Promise<LogStat[]> {
  const w = where(filter);
  const rows = await db.all<{ date: string; total: number }>(
    `SELECT substr("${ALIAS}"."created", 1, 13) || ':00:00.000Z' AS date, COUNT(*) AS total FROM "_logs" "${ALIAS}"${w.sql} GROUP BY 1 ORDER BY 1`,
    w.params,
  );
  return rows.map((r) => ({ date: r.date, total: Number(r.total) }));
}

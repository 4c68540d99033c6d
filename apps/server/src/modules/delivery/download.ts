/**
 * The photoshoot download: the released results the caller may see (the results view rule: the
 * owner, or an owner/admin of the photoshoot's team), as zip entries, with the archive's name.
 */
import { ApiError } from '../../core/errors.js';
import { q } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { isSuperuser, type Caller } from '../../core/records/caller.js';
import { decodeRow } from '../../core/records/codec.js';
import { recordOf, recordsOf, type RecordOf } from '../record-of.js';
import { BASE_ALIAS, recordMatchesRule, ruleCondition } from '../../core/records/rules.js';
import { slugSegment, zipEntries, type ZipEntry } from './zip-entries.js';

export type Download = {
  /** The archive's name in plain ASCII (lower-case, dashes). */
  filename: string;
  /** The title as the owner wrote it, made safe for a file name; '' when it has none. */
  displayName: string;
  entries: ZipEntry[];
};

/** Released results of photoshoot `id` that pass the results view rule for `caller`. */
async function releasedResults(app: App, id: string, caller: Caller): Promise<RecordOf<'results'>[]> {
  const results = app.registry.require('results');
  const where = [
    `${BASE_ALIAS}."photoshoot" = ?`,
    `${BASE_ALIAS}."released" = ?`,
    `${BASE_ALIAS}."file" != ''`,
  ];
  const params: unknown[] = [id, true];
  if (!isSuperuser(caller)) {
    if (results.viewRule === null) return [];
    const rule = ruleCondition(app.db, app.registry, results, results.viewRule, caller);
    if (rule) {
      where.push(`(${rule.sql})`);
      params.push(...rule.params);
    }
  }
  const rows = await app.db.all(
    `SELECT ${BASE_ALIAS}.* FROM ${q(results.name)} ${BASE_ALIAS} WHERE ${where.join(' AND ')} ` +
      `ORDER BY ${BASE_ALIAS}."style", ${BASE_ALIAS}."variant", ${BASE_ALIAS}."id"`,
    params,
  );
  return recordsOf(
    'results',
    rows.map((row) => decodeRow(results, row)),
  );
}

/** Results in the order the owner chose the styles, then by variant (other styles last). */
function inStyleOrder(
  results: RecordOf<'results'>[],
  photoshoot: RecordOf<'photoshoots'>,
): RecordOf<'results'>[] {
  const chosen = photoshoot.styles;
  const rank = (r: RecordOf<'results'>) => {
    const i = chosen.indexOf(r.style);
    return i < 0 ? chosen.length : i;
  };
  // note: Array.prototype.sort is stable, so ties keep the query's (style, variant) order.
  return [...results].sort((x, y) => rank(x) - rank(y));
}

/** The archive's file name: the photoshoot's title in safe characters, else its id. */
export function archiveName(photoshoot: Pick<RecordOf<'photoshoots'>, 'id' | 'title'>): string {
  return `${slugSegment(photoshoot.title, `photoshoot-${photoshoot.id}`)}.zip`;
}

/** The title without characters a file name cannot hold, or '' (then `archiveName` is used). */
export function displayName(photoshoot: Pick<RecordOf<'photoshoots'>, 'title'>): string {
  const printable = [...photoshoot.title]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' ? ' ' : c))
    .join('');
  const title = printable
    .replace(/[/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return title ? `${[...title].slice(0, 100).join('').trim()}.zip` : '';
}

/**
 * @throws {ApiError} 404 when the caller may not see the photoshoot (guests, other users: no hint
 *   that it exists) or when nothing has been released to them yet.
 */
export async function photoshootDownload(app: App, id: string, caller: Caller): Promise<Download> {
  const photoshoots = app.registry.require('photoshoots');
  const photoshoot = recordOf('photoshoots', await app.records.findById(photoshoots, id));
  if (!photoshoot) throw ApiError.notFound();
  if (
    !isSuperuser(caller) &&
    !(await recordMatchesRule(app.db, app.registry, photoshoots, photoshoots.viewRule, caller, id))
  ) {
    throw ApiError.notFound();
  }
  const released = inStyleOrder(await releasedResults(app, id, caller), photoshoot);
  const entries = await zipEntries(app, released, photoshoot.title);
  if (!entries.length) throw ApiError.notFound('No photos of this photoshoot have been delivered yet.');
  return { filename: archiveName(photoshoot), displayName: displayName(photoshoot), entries };
}

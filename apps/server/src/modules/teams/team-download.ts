/**
 * The team admin's download: every member's released results (test shoots left out) as one zip
 * with one folder per member, named after the member (plus a short id, so two people with the
 * same name never share a folder).
 */
import { ApiError } from '../../core/errors.js';
import { q } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { decodeRow } from '../../core/records/codec.js';
import { slugSegment, zipEntries, type ZipEntry } from '../delivery/zip-entries.js';
import { recordOf } from '../record-of.js';

export async function teamDownload(
  app: App,
  teamId: string,
): Promise<{ filename: string; entries: ZipEntry[] }> {
  const team = recordOf('teams', await app.records.findById(app.registry.require('teams'), teamId));
  if (!team) throw ApiError.notFound();
  const results = app.registry.require('results');
  const rows = await app.db.all(
    `SELECT r.* FROM ${q(results.name)} r JOIN "photoshoots" p ON p."id" = r."photoshoot"
     WHERE r."team" = ? AND r."released" = ? AND r."file" != '' AND p."isTest" = ?
     ORDER BY r."user", r."photoshoot", r."style", r."variant", r."id"`,
    [teamId, true, false],
  );
  const people = await app.db.all<{ id: string; name: string | null; email: string | null }>(
    `SELECT u."id" AS "id", u."name" AS "name", u."email" AS "email" FROM "users" u
     WHERE u."id" IN (SELECT DISTINCT r."user" FROM ${q(results.name)} r WHERE r."team" = ?)`,
    [teamId],
  );
  const folders = new Map(
    people.map((p) => [
      p.id,
      `${slugSegment(p.name || (p.email ?? '').split('@')[0] || '', 'member')}-${p.id.slice(0, 5)}`,
    ]),
  );
  const entries = await zipEntries(
    app,
    rows.map((row) => decodeRow(results, row)),
    // note: the member's folder names the person, so the entries are just style and number.
    '',
    (r) => folders.get(r.user) ?? `member-${r.user.slice(0, 5)}`,
  );
  if (!entries.length) throw ApiError.notFound('No photos have been delivered to your team yet.');
  return { filename: `${slugSegment(team.name, 'team')}-headshots.zip`, entries };
}

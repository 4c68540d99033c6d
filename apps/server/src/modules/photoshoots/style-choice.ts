/** Which styles a photoshoot may use: active public styles, narrowed to the team's for team shoots. */
import { ApiError } from '../../core/errors.js';
import { q, type Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { recordOf } from '../record-of.js';

type StyleRow = { id: string; active: unknown; team: string | null };

async function styleRows(db: Db, ids: string[]): Promise<StyleRow[]> {
  if (!ids.length) return [];
  return db.all<StyleRow>(
    `SELECT "id", "active", "team" FROM ${q('styles')} WHERE "id" IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1';

function unavailable(message: string): ApiError {
  return ApiError.badRequest(message, { styles: { code: 'validation_style_unavailable', message } });
}

/**
 * @throws {ApiError} 400 (`data.styles`) when a chosen style is inactive, belongs to another team,
 *   or, for a team photoshoot whose team picked its styles, is not one of them.
 */
export async function checkPhotoshootStyles(app: App, db: Db, photoshoot: RecordData): Promise<void> {
  const ids = (photoshoot.styles as string[] | undefined) ?? [];
  const rows = await styleRows(db, ids);
  const { team } = recordOf('photoshoots', photoshoot);
  for (const row of rows) {
    if (!truthy(row.active) || ((row.team ?? '') !== '' && row.team !== team)) {
      throw unavailable('One of the chosen styles is no longer available. Please pick another one.');
    }
  }
  if (!team) return;
  const teamRow = await app.records.findById(app.registry.require('teams'), team, db);
  const picked = (teamRow?.styles as string[] | undefined) ?? [];
  const custom = rows.filter((r) => r.team === team).map((r) => r.id);
  if (picked.length && ids.some((id) => !picked.includes(id) && !custom.includes(id))) {
    throw unavailable("Please pick among your team's styles.");
  }
}

/** @throws {ApiError} 400 (`data.styles`) unless every style is active and public or the team's own. */
export async function checkTeamStyles(db: Db, teamId: string, ids: string[]): Promise<void> {
  for (const row of await styleRows(db, ids)) {
    if (!truthy(row.active) || ((row.team ?? '') !== '' && row.team !== teamId)) {
      throw unavailable('One of the chosen styles is not available to this team.');
    }
  }
}

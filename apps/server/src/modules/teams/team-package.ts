/**
 * The team package a team's seats came from most recently: its styles and images per style apply
 * to every member's photoshoot (members never pick a package of their own).
 */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';

/** Styles a member (or a test shoot) may choose while the team has bought nothing yet. */
export const TEST_STYLES_INCLUDED = 3;

export async function teamPackage(app: App, db: Db, teamId: string): Promise<RecordData | null> {
  const row = await db.get<{ package: string }>(
    `SELECT "package" FROM "payments" WHERE "team" = ? AND "status" = 'paid' ORDER BY "paidAt" DESC, "id" DESC LIMIT 1`,
    [teamId],
  );
  return row?.package ? app.records.findById(app.registry.require('packages'), row.package, db) : null;
}

/** How many styles a member's photoshoot may have. */
export async function teamStylesIncluded(app: App, db: Db, teamId: string): Promise<number> {
  return Number((await teamPackage(app, db, teamId))?.stylesIncluded) || TEST_STYLES_INCLUDED;
}

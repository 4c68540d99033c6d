/**
 * `POST /api/teams/{id}/transfer` `{user}`: the owner hands the team to another member, who
 * becomes the owner; the old owner stays on as an admin. One transaction: there is always exactly
 * one owner.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { nowString } from '../../tools/dates.js';
import { lockRecord } from '../../core/records/lock-record.js';

export async function handOverTeam(app: App, teamId: string, to: string): Promise<RecordData> {
  const teams = app.registry.require('teams');
  const saved = await app.db.transaction(async (tx) => {
    const team = await lockRecord(tx, teams, teamId);
    if (!team) throw ApiError.notFound();
    const target = await tx.get<{ id: string; role: string }>(
      `SELECT "id", "role" FROM "team_members" WHERE "team" = ? AND "user" = ?`,
      [teamId, to],
    );
    if (!target || target.role === 'owner') {
      const message = target ? 'This member already owns the team.' : 'Choose a member of the team.';
      throw ApiError.badRequest(message, { user: { code: 'validation_not_a_member', message } });
    }
    const now = nowString();
    await tx.run(
      `UPDATE "team_members" SET "role" = 'admin', "updated" = ? WHERE "team" = ? AND "role" = 'owner'`,
      [now, teamId],
    );
    await tx.run(`UPDATE "team_members" SET "role" = 'owner', "updated" = ? WHERE "id" = ?`, [
      now,
      target.id,
    ]);
    await tx.run(`UPDATE "teams" SET "owner" = ?, "updated" = ? WHERE "id" = ?`, [to, now, teamId]);
    return { ...team, owner: to, updated: now };
  });
  app.events.emit({ action: 'update', collection: teams, record: saved });
  return saved;
}

/**
 * What deleting a `users` account takes along besides its record:
 * - Everything that is the user's goes through the cascading relations: profiles, photoshoots
 *   (with their photos, results and events), original photos, results, team memberships. Their
 *   files leave storage too, since storage drops a record's files once its deletion commits.
 * - Payments stay, for the accounts: their `user` and `photoshoot` are unset by the delete (the
 *   relations are optional and do not cascade), the amounts, provider references and dates remain.
 * - A team the user owns with other members in it refuses the deletion (400): the members' seats,
 *   photoshoots and results must not be left without an owner; ownership has to pass first.
 * - A team the user owns alone goes with the account, in the same transaction, together with its
 *   custom styles (which would otherwise lose their team and turn public).
 * - The account's address is mailed a confirmation, queued in the same transaction so it goes out
 *   only if the deletion commits.
 */
import type { App } from '../app.js';
import { ApiError } from '../errors.js';
import { q } from '../db/db.js';
import { deleteWithReferences, type Deleted } from '../records/delete.js';
import type { RecordHookEvent } from '../records/record-hooks.js';
import { accountDeletedMail } from '../mail/templates.js';

export const OWNS_TEAM_MESSAGE =
  'You own a team that has other members. Hand the team over to another member or remove its members before deleting your account.';

/** Deletions done inside an account's transaction, announced once the account's delete event fires. */
const announced = new WeakMap<App, Map<string, Deleted[]>>();

async function beforeUserDelete(e: RecordHookEvent): Promise<void> {
  const { app, tx } = e;
  const userId = String(e.record.id);
  // note: a refused deletion (below) rolls this back with the transaction.
  const email = String(e.record.email ?? '');
  if (email)
    await app.mailer.queue(
      { to: email, ...accountDeletedMail(app.settings.get().meta) },
      { db: tx, ref: `account-deleted:${userId}` },
    );
  const teams = app.registry.find('teams');
  const styles = app.registry.find('styles');
  const members = app.registry.find('team_members');
  if (!teams || !members) return;
  const owned = await tx.all<{ id: string; others: number | string }>(
    `SELECT t."id" AS "id", (SELECT COUNT(*) FROM ${q(members.name)} m WHERE m."team" = t."id" AND m."user" <> ?) AS "others" ` +
      `FROM ${q(teams.name)} t WHERE t."owner" = ?`,
    [userId, userId],
  );
  const shared = owned.filter((t) => Number(t.others) > 0);
  if (shared.length) {
    throw ApiError.badRequest(OWNS_TEAM_MESSAGE, {
      teams: {
        code: 'validation_owns_team',
        message: OWNS_TEAM_MESSAGE,
        params: { ids: shared.map((t) => t.id) },
      },
    });
  }
  const deleted: Deleted[] = [];
  for (const { id } of owned) {
    if (styles) {
      for (const style of await tx.all<{ id: string }>(
        `SELECT "id" FROM ${q(styles.name)} WHERE "team" = ?`,
        [id],
      )) {
        const record = await app.records.findById(styles, style.id, tx);
        if (record) await deleteWithReferences(app, styles, record, tx, deleted);
      }
    }
    const team = await app.records.findById(teams, id, tx);
    if (team) await deleteWithReferences(app, teams, team, tx, deleted);
  }
  const pending = announced.get(app) ?? new Map<string, Deleted[]>();
  announced.set(app, pending);
  // note: a rolled-back attempt leaves its list here; the next attempt for the same user replaces it.
  if (deleted.length) pending.set(userId, deleted);
  else pending.delete(userId);
}

/** Installs the rules above for `app` (once). */
export function guardAccountDeletion(app: App): void {
  if (announced.has(app)) return;
  announced.set(app, new Map());
  app.hooks.on('beforeDelete', 'users', beforeUserDelete);
  app.events.on('users', 'delete', (event) => {
    app.mailer.deliverQueued();
    const pending = announced.get(app);
    const list = pending?.get(String(event.record.id));
    if (!list) return;
    pending!.delete(String(event.record.id));
    // The solo teams (and their styles) were deleted in the account's transaction: their events
    // (file cleanup, realtime) follow its commit like those of the account's own cascades.
    for (const d of list) app.events.emit({ action: 'delete', collection: d.collection, record: d.record });
  });
}

/**
 * `POST /api/teams/{id}/test-shoot`: a team admin's own draft to try the team look on before
 * inviting anyone. It is a team photoshoot marked `isTest`: submitting it takes no seat, it is made
 * smaller (one image per style, the studio's test size) and the team's results leave it out.
 */
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { buyerId } from '../payments/buyer.js';
import { TEST_STYLES_INCLUDED } from './team-package.js';

export async function createTestShoot(app: App, caller: Caller, teamId: string): Promise<RecordData> {
  const userId = buyerId(caller);
  const photoshoots = app.registry.require('photoshoots');
  const team = await app.records.findById(app.registry.require('teams'), teamId);
  const shoot = await inTransaction(app.db, async (tx, later) => {
    // Created as the admin (rules and hooks as for any draft), then marked as a test in the same transaction.
    const saved = await app.records.create(
      photoshoots,
      caller,
      {
        user: userId,
        team: teamId,
        title: 'Team look test',
        styles: ((team?.styles as string[] | undefined) ?? []).slice(0, TEST_STYLES_INCLUDED),
      },
      { tx, afterCommit: later.add },
    );
    await tx.run(`UPDATE "photoshoots" SET "isTest" = ? WHERE "id" = ?`, [true, saved.data.id]);
    saved.data.isTest = true; // the create event, sent after commit, carries it too
    return saved.data;
  });
  return shoot;
}

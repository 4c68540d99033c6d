/**
 * `POST /api/teams`: a signed-in user creates a team and becomes its owner. The team and the
 * owner's membership are written in one transaction, so there is never a team nobody can manage.
 */
import type { CreateTeamInput } from '@photoshoot/contract';
import type { App } from '../../core/app.js';
import { systemCaller, type Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { buyerId } from '../payments/buyer.js';

export async function createTeam(app: App, caller: Caller, body: CreateTeamInput): Promise<RecordData> {
  const userId = buyerId(caller);
  // The owner and seats are server fields; only what a person types is taken from the body.
  const values = { name: body.name, company: body.company, owner: userId };
  const operator = systemCaller(app.registry.require('_superusers'));
  const team = await inTransaction(app.db, async (tx, later) => {
    const saved = await app.records.create(app.registry.require('teams'), operator, values, {
      tx,
      afterCommit: later.add,
    });
    await app.records.create(
      app.registry.require('team_members'),
      operator,
      { team: saved.data.id, user: userId, role: 'owner' },
      { tx, afterCommit: later.add },
    );
    return saved.data;
  });
  return team;
}

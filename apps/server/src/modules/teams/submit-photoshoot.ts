/**
 * `POST /api/teams/{id}/photoshoots/{photoshootId}/submit`: a member's draft, ready (enough
 * accepted photos, styles chosen), goes to the queue on one of the team's seats instead of a
 * payment. The seat is taken by a conditional update in the same transaction as the move, so
 * however many members submit at once, exactly as many succeed as there were free seats.
 * A team admin's test shoot (`isTest`) takes no seat but counts against the team's allowance.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { checkReadyForCheckout } from '../photoshoots/checkout-readiness.js';
import { buyerId } from '../payments/buyer.js';
import { actorOf } from '../../core/records/actor.js';
import { transition } from '../photoshoots/lifecycle.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { announceSeats, takeSeat } from './seats.js';
import { checkTestShootAllowance } from './test-shoot-allowance.js';
import { TEST_STYLES_INCLUDED, teamPackage } from './team-package.js';
import { recordOf } from '../record-of.js';

export const NO_FREE_SEAT = 'No free seat: ask your team admin to buy more.';

function notDraft(): ApiError {
  const message = 'This photoshoot has already been submitted.';
  return ApiError.badRequest(message, { status: { code: 'validation_photoshoot_not_draft', message } });
}

export async function submitTeamPhotoshoot(
  app: App,
  caller: Caller,
  teamId: string,
  photoshootId: string,
): Promise<RecordData> {
  const userId = buyerId(caller);
  const photoshoots = app.registry.require('photoshoots');
  const moved = await inTransaction(app.db, async (tx, later) => {
    const shoot = await lockRecord(tx, photoshoots, photoshootId);
    if (!shoot || shoot.user !== userId || shoot.team !== teamId) throw ApiError.notFound();
    if (shoot.status !== 'draft') throw notDraft();
    // note: locked (after the photoshoot, as seats are) so test-shoot counts are exact.
    const team = recordOf('teams', await lockRecord(tx, app.registry.require('teams'), teamId));
    if (!team) throw ApiError.notFound();
    const pkg = recordOf('packages', await teamPackage(app, tx, teamId));
    const stylesIncluded = pkg?.stylesIncluded || TEST_STYLES_INCLUDED;
    const teamStyles = (team.styles as string[] | undefined) ?? [];
    if (team.stylesLocked && teamStyles.length) shoot.styles = teamStyles.slice(0, stylesIncluded);
    await checkReadyForCheckout(
      app,
      tx,
      shoot,
      { name: pkg?.name ?? team.name, stylesIncluded },
      'submitting',
    );
    const isTest = shoot.isTest === true;
    if (isTest) await checkTestShootAllowance(app, tx, team);
    if (!isTest && !(await takeSeat(tx, teamId))) {
      throw ApiError.badRequest(NO_FREE_SEAT, {
        seats: { code: 'validation_no_free_seat', message: NO_FREE_SEAT },
      });
    }
    // A test shoot has no package: one image per style (and the studio renders it smaller).
    Object.assign(shoot, { package: isTest ? '' : (pkg?.id ?? ''), seatUsed: !isTest });
    await app.records.updateRow(photoshoots, shoot, tx);
    const reason = isTest ? 'team test shoot' : 'submitted on a team seat';
    return (await transition(app, photoshootId, 'queued', actorOf(caller), reason, tx, later.add)).photoshoot;
  });
  if (!moved.isTest) await announceSeats(app, teamId);
  return moved;
}

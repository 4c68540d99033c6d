import { Link } from '@tanstack/react-router';
import { buttonClasses, Card } from '../../../../ui';
import type { Team } from '../../data/team-api';

/** Seats bought, used and free, with a bar; admins get the way to buy more. */
export function SeatsCard({ team, canBuy }: { team: Team; canBuy: boolean }) {
  const free = Math.max(0, team.seatsTotal - team.seatsUsed);
  const share = team.seatsTotal ? Math.min(100, Math.round((team.seatsUsed / team.seatsTotal) * 100)) : 0;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-zinc-900">Seats</h2>
          <p className="mt-1 text-sm text-zinc-600" data-testid="seats-summary">
            {team.seatsUsed} used · {free} free · {team.seatsTotal} bought
          </p>
        </div>
        {canBuy ? (
          <Link
            to="/teams/$id/team-packages"
            params={{ id: team.id }}
            className={buttonClasses(free ? 'secondary' : 'primary', 'sm')}
          >
            Buy seats
          </Link>
        ) : null}
      </div>
      <div
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-zinc-100"
        role="meter"
        aria-label="Seats used"
        aria-valuemin={0}
        aria-valuemax={team.seatsTotal}
        aria-valuenow={team.seatsUsed}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-3 text-xs text-zinc-500">
        A member’s photoshoot takes a seat when they submit it. A seat comes back if that photoshoot fails or
        the member leaves before work starts.
      </p>
    </Card>
  );
}

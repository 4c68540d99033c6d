import { Link } from '@tanstack/react-router';
import { fileUrl } from '../../../../lib/file-url';
import { Badge, buttonClasses, Card } from '../../../../ui';
import type { Team } from '../../data/team-api';

/** The team's look at a glance for its admins: styles, lock and brand backdrop. */
export function LookCard({ team }: { team: Team }) {
  const count = team.styles?.length ?? 0;
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {team.brandBackdrop ? (
        <img
          src={fileUrl(team, team.brandBackdrop, '320x400')}
          alt=""
          className="h-20 w-16 shrink-0 rounded-lg border border-zinc-200 object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-zinc-900">Team look</h2>
        <p
          className="mt-1 flex flex-wrap items-center gap-2 text-sm text-zinc-600"
          data-testid="look-summary"
        >
          {count
            ? `${count} style${count === 1 ? '' : 's'} chosen`
            : 'No styles chosen: members pick their own'}
          {count ? (
            <Badge tone={team.stylesLocked ? 'brand' : 'neutral'}>
              {team.stylesLocked ? 'Locked' : 'Members may change them'}
            </Badge>
          ) : null}
          {team.brandBackdrop ? <span>· brand backdrop set</span> : null}
        </p>
      </div>
      <Link
        to="/teams/$id/team-styles"
        params={{ id: team.id }}
        className={buttonClasses('secondary', 'sm', 'self-start sm:self-center')}
      >
        Change the look
      </Link>
    </Card>
  );
}

import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/errors';
import { teamLogoClass, teamLogoUrl } from '../data/team-logo';
import { useTitle } from '../../../lib/use-title';
import { Alert, Badge, buttonClasses, Card, EmptyState, LoadingBlock, PageHeader } from '../../../ui';
import { useMyTeams } from '../data/team-queries';
import { ROLE_LABELS } from './member-state';

/** /teams: the teams the signed-in person belongs to, with their role and the seats. */
export function TeamsPage() {
  useTitle('Your teams');
  const teams = useMyTeams();
  const newTeam = (
    <Link to="/teams/new" className={buttonClasses('primary')}>
      Create a team
    </Link>
  );
  return (
    <>
      <PageHeader
        eyebrow="Teams"
        title="Your teams"
        description="Teams buy seats together, share one look, and every member gets matching headshots."
        actions={teams.data?.length ? newTeam : undefined}
      />
      {teams.isPending ? <LoadingBlock label="Loading your teams…" /> : null}
      {teams.isError ? <Alert tone="error">{errorMessage(teams.error)}</Alert> : null}
      {teams.data && !teams.data.length ? (
        <EmptyState
          title="You are not part of a team yet"
          description="Create a team to buy seats and invite colleagues, or open the invite link a colleague sent you."
          action={newTeam}
        />
      ) : null}
      {teams.data?.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {teams.data.map((m) => {
            const team = m.expand?.team;
            if (!team) return null;
            const free = Math.max(0, team.seatsTotal - team.seatsUsed);
            return (
              <li key={m.id}>
                <Card className="flex h-full flex-col gap-3">
                  <div className="flex items-start justify-between gap-3">
                    {team.logo ? (
                      <img src={teamLogoUrl(team, team.logo)} alt="" className={teamLogoClass} />
                    ) : null}
                    <div className="min-w-0 flex-1">
                      <h2 className="truncate text-lg font-semibold text-zinc-900">{team.name}</h2>
                      {team.company ? <p className="truncate text-sm text-zinc-500">{team.company}</p> : null}
                    </div>
                    <Badge tone={m.role === 'member' ? 'neutral' : 'brand'}>{ROLE_LABELS[m.role]}</Badge>
                  </div>
                  <p className="text-sm text-zinc-600">
                    {team.seatsUsed} of {team.seatsTotal} seats used · {free} free
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2">
                    <Link
                      to="/teams/$id"
                      params={{ id: team.id }}
                      className={buttonClasses('secondary', 'sm')}
                      aria-label={`Open team ${team.name}`}
                    >
                      Open team
                    </Link>
                    <Link
                      to="/teams/$id/photoshoots"
                      params={{ id: team.id }}
                      className={buttonClasses('ghost', 'sm')}
                    >
                      Photoshoots
                    </Link>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}

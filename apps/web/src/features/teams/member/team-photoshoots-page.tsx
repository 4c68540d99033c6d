import { Link, useParams, useRouteContext } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/errors';
import { useAuth } from '../../../lib/use-auth';
import { useTitle } from '../../../lib/use-title';
import { Alert, Badge, buttonClasses, Card, EmptyState, LoadingBlock, PageHeader } from '../../../ui';
import { useTeamPhotoshoots, type TeamPhotoshoot } from '../data/member-queries';
import { useTeam } from '../data/team-queries';
import { formatWhen, memberStateView, teamShootHref } from './member-status';

/**
 * `/teams/{id}/photoshoots`: the member's own team photoshoots; owners and admins also see
 * everyone else's (the records API's rules decide what comes back).
 */
export function TeamPhotoshootsPage() {
  const { id } = useParams({ from: '/app/teams/$id/photoshoots' });
  const { teamRole } = useRouteContext({ from: '/app/teams/$id' });
  const isAdmin = teamRole === 'owner' || teamRole === 'admin';
  const { user } = useAuth();
  const team = useTeam(id);
  const shoots = useTeamPhotoshoots(id);
  const name = team.data?.name ?? 'Team';
  useTitle(`${name} photoshoots`);

  const mine = (shoots.data ?? []).filter((p) => p.user === user?.id);
  const others = (shoots.data ?? []).filter((p) => p.user !== user?.id);

  return (
    <>
      <PageHeader
        eyebrow={name}
        title="Team photoshoots"
        description="Your team pays for these: upload selfies, choose styles, submit on a team seat."
        actions={
          <>
            {isAdmin ? (
              <Link
                to="/teams/$id/photoshoots/dashboard"
                params={{ id }}
                className={buttonClasses('secondary')}
              >
                Team dashboard
              </Link>
            ) : null}
            <Link to="/teams/$id/photoshoots/create" params={{ id }} className={buttonClasses('primary')}>
              New photoshoot
            </Link>
          </>
        }
      />
      {shoots.isPending ? <LoadingBlock label="Loading the team’s photoshoots…" /> : null}
      {shoots.isError ? (
        <Alert tone="error" title="The photoshoots could not be loaded">
          {errorMessage(shoots.error)}
        </Alert>
      ) : null}
      {shoots.data ? (
        <div className="flex flex-col gap-10">
          <section aria-labelledby="mine-title">
            <h2 id="mine-title" className="mb-3 text-lg font-semibold text-zinc-900">
              Your photoshoots
            </h2>
            {mine.length ? (
              <ShootList teamId={id} items={mine} />
            ) : (
              <EmptyState
                title="No photoshoot yet"
                description="Start yours: it takes a few selfies and a couple of minutes."
                action={
                  <Link
                    to="/teams/$id/photoshoots/create"
                    params={{ id }}
                    className={buttonClasses('primary')}
                  >
                    Start my photoshoot
                  </Link>
                }
              />
            )}
          </section>
          {isAdmin ? (
            <section aria-labelledby="everyone-title">
              <h2 id="everyone-title" className="mb-3 text-lg font-semibold text-zinc-900">
                Everyone’s photoshoots
              </h2>
              {others.length ? (
                <ShootList teamId={id} items={others} showOwner />
              ) : (
                <p className="text-sm text-zinc-600">No member has started a photoshoot yet.</p>
              )}
            </section>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function ShootList({
  teamId,
  items,
  showOwner = false,
}: {
  teamId: string;
  items: TeamPhotoshoot[];
  showOwner?: boolean;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((p) => {
        const view = memberStateView(p.status);
        const who = p.expand?.user?.name || p.expand?.user?.email || 'A member';
        return (
          <li key={p.id}>
            <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="truncate font-semibold text-zinc-900">
                    {showOwner ? who : p.title || 'Team photoshoot'}
                  </h3>
                  <Badge tone={view.tone}>{view.label}</Badge>
                  {p.isTest ? <Badge tone="info">Test shoot</Badge> : null}
                </div>
                <p className="mt-1 text-sm text-zinc-500">Last activity {formatWhen(p.updated)}</p>
              </div>
              {/* note: only the owner walks their own flow; admins follow others from the dashboard. */}
              {showOwner ? null : (
                <Link
                  to={teamShootHref(teamId, p)}
                  className={buttonClasses(
                    p.status === 'completed' ? 'primary' : 'secondary',
                    'sm',
                    'shrink-0',
                  )}
                  aria-label={`${view.action}: ${p.title || 'Team photoshoot'}`}
                >
                  {view.action}
                </Link>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

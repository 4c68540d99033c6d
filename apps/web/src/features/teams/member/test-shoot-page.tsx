import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { errorMessage, errorStatus } from '../../../lib/errors';
import { useAuth } from '../../../lib/use-auth';
import { useTitle } from '../../../lib/use-title';
import { flowPath, teamFlowBase } from '../../../shared/flow-paths';
import { Alert, Badge, Button, buttonClasses, Card, EmptyState, LoadingBlock, PageHeader } from '../../../ui';
import { createTestShoot, useTeamPhotoshoots, useTeamSummary } from '../data/member-queries';
import { teamKeys } from '../data/team-queries';
import { memberStateView, teamShootHref } from './member-status';

/**
 * `/teams/{id}/photoshoots/test`: a team admin tries the team's look on their own photos before
 * inviting anyone. No seat is used and the set is smaller; it is left out of the team's results.
 * The route has no team guard, so the page asks the team summary who the visitor is.
 */
export function TestShootPage() {
  const { id } = useParams({ from: '/app/teams/$id/photoshoots/test' });
  const summary = useTeamSummary(id);
  useTitle('Test photoshoot');

  if (summary.isPending) return <LoadingBlock label="Loading your team…" />;
  if (summary.isError) {
    const status = errorStatus(summary.error);
    return (
      <>
        <PageHeader eyebrow="Teams" title="Test photoshoot" />
        {status === 404 ? (
          <EmptyState
            title="You are not a member of this team"
            description="This team does not exist, or your account has not joined it."
            action={
              <Link to="/teams" className={buttonClasses('secondary')}>
                Your teams
              </Link>
            }
          />
        ) : (
          <Alert tone="error">{errorMessage(summary.error)}</Alert>
        )}
      </>
    );
  }
  const { role, name } = summary.data;
  if (role === 'member') {
    return (
      <>
        <PageHeader eyebrow={name} title="Test photoshoot" />
        <EmptyState
          title="Only team admins run test shoots"
          description="Your own team photoshoot is where your headshots are made."
          action={
            <Link to="/teams/$id/photoshoots" params={{ id }} className={buttonClasses('primary')}>
              Team photoshoots
            </Link>
          }
        />
      </>
    );
  }
  return <AdminTestShoot teamId={id} teamName={name} />;
}

function AdminTestShoot({ teamId, teamName }: { teamId: string; teamName: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const shoots = useTeamPhotoshoots(teamId);
  const tests = (shoots.data ?? []).filter((p) => p.isTest && p.user === user?.id);
  const start = useMutation({
    mutationFn: () => createTestShoot(teamId),
    onSuccess: async (p) => {
      await client.invalidateQueries({ queryKey: teamKeys.photoshoots(teamId) });
      await navigate({ href: flowPath(teamFlowBase(teamId, p.id), 'upload') });
    },
  });
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        eyebrow={teamName}
        title="Test photoshoot"
        description="Try your team’s look on your own photos before you invite anyone."
      />
      <Card className="flex flex-col gap-4 p-6">
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-zinc-700">
          <li>Uses the team’s styles and brand backdrop, as members will get them.</li>
          <li>Uses no seat and costs nothing.</li>
          <li>Makes a smaller set (one portrait per style) that is not part of the team’s download.</li>
        </ul>
        {start.isError ? (
          <Alert tone="error" title="Could not start the test shoot">
            {errorMessage(start.error)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button size="lg" loading={start.isPending} onClick={() => start.mutate()}>
            Start a test shoot
          </Button>
          <Link
            to="/teams/$id/team-styles"
            params={{ id: teamId }}
            className={buttonClasses('secondary', 'lg')}
          >
            Team styles
          </Link>
        </div>
      </Card>
      {tests.length ? (
        <section aria-labelledby="tests-title" className="mt-8">
          <h2 id="tests-title" className="mb-3 text-lg font-semibold text-zinc-900">
            Your test shoots
          </h2>
          <ul className="flex flex-col gap-2">
            {tests.map((p) => {
              const view = memberStateView(p.status);
              return (
                <li key={p.id}>
                  <Card className="flex items-center justify-between gap-3">
                    <Badge tone={view.tone}>{view.label}</Badge>
                    <Link to={teamShootHref(teamId, p)} className={buttonClasses('secondary', 'sm')}>
                      {view.action}
                    </Link>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/errors';
import { useAuth } from '../../../lib/use-auth';
import { useTitle } from '../../../lib/use-title';
import { flowPath, teamFlowBase } from '../../../shared/flow-paths';
import { usePublicConfig } from '../../../shared/public-config';
import { Alert, Button, buttonClasses, Card, LoadingBlock, PageHeader } from '../../../ui';
import { createTeamDraft, useTeamPhotoshoots } from '../data/member-queries';
import { teamKeys, useTeam } from '../data/team-queries';
import { teamShootHref } from './member-status';

/**
 * `/teams/{id}/photoshoots/create`: how a team photoshoot works, then a draft in the team. A
 * member who already has one open continues it instead of starting a second.
 */
export function CreateTeamPhotoshootPage() {
  const { id } = useParams({ from: '/app/teams/$id/photoshoots/create' });
  const { user } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const team = useTeam(id);
  const config = usePublicConfig();
  const shoots = useTeamPhotoshoots(id);
  useTitle('New team photoshoot');
  const create = useMutation({
    mutationFn: () => createTeamDraft(id, user!.id, `${team.data?.name ?? 'Team'} headshots`),
    onSuccess: async (p) => {
      await client.invalidateQueries({ queryKey: teamKeys.photoshoots(id) });
      await navigate({ href: flowPath(teamFlowBase(id, p.id), 'upload') });
    },
  });

  if (team.isPending || shoots.isPending) return <LoadingBlock label="Loading your team…" />;
  if (team.isError || shoots.isError) {
    return (
      <Alert tone="error" title="Could not load your team">
        {errorMessage(team.error ?? shoots.error)}
      </Alert>
    );
  }
  const t = team.data;
  const open = shoots.data.find((p) => p.user === user?.id && !p.isTest && p.status === 'draft');
  const free = Math.max(0, t.seatsTotal - t.seatsUsed);

  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        eyebrow={t.name}
        title="Your team headshots"
        description="Your team pays for your photoshoot. It takes a few selfies and a couple of minutes."
      />
      <Card className="flex flex-col gap-5 p-6">
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-zinc-700">
          <li>
            Upload at least {config.data?.photoshoots.minAcceptedPhotos ?? 'a few'} selfies: each is checked
            as it arrives.
          </li>
          <li>
            {t.stylesLocked && t.styles.length
              ? 'Your team admin chose the styles, so everyone’s portraits match.'
              : 'Choose your styles among the team’s.'}
          </li>
          <li>Submit: one of your team’s seats is used. There is nothing to pay.</li>
          <li>We email you when your portraits are ready.</li>
        </ol>
        <p className="text-sm text-zinc-600" data-testid="seats-free">
          {free > 0
            ? `${free} seat${free === 1 ? '' : 's'} free in your team right now.`
            : 'No seat is free right now: you can prepare your photoshoot, and submit once your team admin buys more.'}
        </p>
        {create.isError ? (
          <Alert tone="error" title="Could not start your photoshoot">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {open ? (
            <Link to={teamShootHref(id, open)} className={buttonClasses('primary', 'lg')}>
              Continue your photoshoot
            </Link>
          ) : (
            <Button size="lg" loading={create.isPending} onClick={() => create.mutate()}>
              Start my photoshoot
            </Button>
          )}
          <Link to="/teams/$id/photoshoots" params={{ id }} className={buttonClasses('secondary', 'lg')}>
            Team photoshoots
          </Link>
        </div>
      </Card>
    </div>
  );
}

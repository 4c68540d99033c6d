import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Alert, Badge, Button, buttonClasses, LoadingBlock, PageHeader } from '../../../ui';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { removeMembership } from '../data/membership-api';
import { teamKeys, useMyRole, useTeam } from '../data/team-queries';
import { teamLogoClass, teamLogoUrl } from '../data/team-logo';
import { InvitesSection } from './home/invites-section';
import { MembersSection } from './home/members-section';
import { LookCard } from './home/look-card';
import { SeatsCard } from './home/seats-card';

const YOU_ARE = {
  owner: 'You are the owner',
  admin: 'You are an admin',
  member: 'You are a member',
} as const;

/** /teams/{id}: seats, members and invites for owners and admins; the team and a way out for members. */
export function TeamHomePage() {
  const { id } = useParams({ from: '/app/teams/$id/' });
  const { teamRole } = useRouteContext({ from: '/app/teams/$id' });
  const team = useTeam(id);
  useTitle(team.data?.name ?? 'Team');
  const isAdmin = teamRole === 'owner' || teamRole === 'admin';

  if (team.isPending) return <LoadingBlock label="Loading your team…" />;
  if (team.isError) return <Alert tone="error">{errorMessage(team.error)}</Alert>;
  const t = team.data;
  return (
    <>
      <PageHeader
        eyebrow={
          <Link to="/teams" className="hover:underline">
            Teams
          </Link>
        }
        title={
          <span className="flex items-center gap-3">
            {t.logo ? <img src={teamLogoUrl(t, t.logo)} alt="" className={teamLogoClass} /> : null}
            {t.name}
          </span>
        }
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {t.company ? <span>{t.company}</span> : null}
            <Badge tone={isAdmin ? 'brand' : 'neutral'}>{YOU_ARE[teamRole]}</Badge>
          </span>
        }
        actions={
          <>
            <Link
              to="/teams/$id/photoshoots"
              params={{ id }}
              className={buttonClasses(isAdmin ? 'secondary' : 'primary', 'sm')}
            >
              {isAdmin ? 'Photoshoots' : 'Your team photoshoot'}
            </Link>
            {isAdmin ? (
              <>
                <Link
                  to="/teams/$id/team-styles"
                  params={{ id }}
                  className={buttonClasses('secondary', 'sm')}
                >
                  Team styles
                </Link>
                <Link
                  to="/teams/$id/photoshoots/dashboard"
                  params={{ id }}
                  className={buttonClasses('primary', 'sm')}
                >
                  Dashboard
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <div className="flex flex-col gap-10">
        <SeatsCard team={t} canBuy={isAdmin} />
        {isAdmin ? <LookCard team={t} /> : null}
        {isAdmin ? (
          <>
            <MembersSection team={t} myRole={teamRole} />
            <InvitesSection teamId={id} />
          </>
        ) : null}
        {teamRole !== 'owner' ? <LeaveTeam teamId={id} teamName={t.name} /> : null}
      </div>
    </>
  );
}

function LeaveTeam({ teamId, teamName }: { teamId: string; teamName: string }) {
  const [open, setOpen] = useState(false);
  const membership = useMyRole(teamId);
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <section aria-labelledby="leave-title" className="border-t border-zinc-200 pt-6">
      <h2 id="leave-title" className="text-lg font-semibold text-zinc-900">
        Leave the team
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        You lose access to the team’s photoshoots. Your own portraits stay yours.
      </p>
      <Button
        variant="danger"
        size="sm"
        className="mt-3"
        disabled={!membership.data}
        onClick={() => setOpen(true)}
      >
        Leave {teamName}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Leave ${teamName}?`}
        description="You need a new invite link to join again."
        confirmLabel="Leave the team"
        destructive
        onConfirm={async () => {
          if (membership.data) await removeMembership(membership.data.id);
          await client.invalidateQueries({ queryKey: teamKeys.mine });
          await navigate({ to: '/teams' });
        }}
      />
    </section>
  );
}

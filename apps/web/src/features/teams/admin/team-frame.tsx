import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorMessage, errorStatus } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { Alert, buttonClasses, EmptyState, LoadingBlock, PageHeader } from '../../../ui';
import type { Team } from '../data/team-api';
import { useMyRole, useTeam } from '../data/team-queries';
import { NotTeamMemberPage } from '../team-access-page';

/**
 * The frame of a team admin's page outside the team guard (packages, styles): it loads the team
 * and the caller's role, and says so in words when the caller is not a member or not an admin.
 */
export function TeamAdminFrame({
  teamId,
  title,
  description,
  children,
}: {
  teamId: string;
  title: string;
  description: ReactNode;
  children: (team: Team) => ReactNode;
}) {
  const team = useTeam(teamId);
  const role = useMyRole(teamId);
  useTitle(team.data ? `${title} · ${team.data.name}` : title);

  if (team.isPending || role.isPending) return <LoadingBlock label="Loading your team…" />;
  const missing = errorStatus(team.error) === 404;
  if (missing || (role.isSuccess && !role.data)) return <NotTeamMemberPage />;
  if (team.isError) return <Alert tone="error">{errorMessage(team.error)}</Alert>;
  if (role.isError) return <Alert tone="error">{errorMessage(role.error)}</Alert>;
  const header = (
    <PageHeader
      eyebrow={
        <Link to="/teams/$id" params={{ id: teamId }} className="hover:underline">
          {team.data.name}
        </Link>
      }
      title={title}
      description={description}
    />
  );
  if (role.data?.role === 'member')
    return (
      <>
        {header}
        <EmptyState
          title="Only team admins can do this"
          description="Ask your team’s owner or an admin if something here needs to change."
          action={
            <Link to="/teams/$id" params={{ id: teamId }} className={buttonClasses('primary')}>
              Back to the team
            </Link>
          }
        />
      </>
    );
  return (
    <>
      {header}
      {children(team.data)}
    </>
  );
}

import { Link } from '@tanstack/react-router';
import { useTitle } from '../../lib/use-title';
import { buttonClasses, EmptyState, PageHeader } from '../../ui';

/** What the team guard's refusal looks like. */
export function NotTeamMemberPage() {
  useTitle('Not a member of this team');
  return (
    <>
      <PageHeader eyebrow="Teams" title="Not a member of this team" />
      <EmptyState
        title="You are not a member of this team"
        description="This team does not exist, or your account has not joined it. Ask the team’s owner for an invitation link."
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/teams" className={buttonClasses('secondary')}>
              Your teams
            </Link>
            <Link to="/dashboard" className={buttonClasses('primary')}>
              Back to the dashboard
            </Link>
          </div>
        }
      />
    </>
  );
}

import { Link, useLocation } from '@tanstack/react-router';
import { useTitle } from '../../lib/use-title';
import { buttonClasses, EmptyState, PageHeader } from '../../ui';

/**
 * Placeholders of the team routes (seed §2) until the team pages land: each route exists, sits in
 * the signed-in layout and says what it will do. Lazy: not in the landing bundle.
 */
function describe(pathname: string): { title: string; text: string } {
  if (pathname === '/teams' || pathname === '/teams/')
    return { title: 'Teams', text: 'Your teams and their photoshoots will be listed here.' };
  if (pathname.startsWith('/teams/new'))
    return { title: 'Create a team', text: 'Creating a team and buying seats is coming soon.' };
  if (pathname.startsWith('/teams/payment-return'))
    return { title: 'Team payment', text: 'The outcome of a team purchase will appear here.' };
  if (pathname.startsWith('/teams/invite/'))
    return { title: 'Team invitation', text: 'Joining a team by invitation link is coming soon.' };
  if (pathname.endsWith('/team-packages'))
    return { title: 'Team packages', text: 'Buying seats for your team is coming soon.' };
  if (pathname.endsWith('/team-styles'))
    return { title: 'Team styles', text: 'Choosing your team’s look and brand backdrop is coming soon.' };
  if (pathname.endsWith('/photoshoots/test'))
    return { title: 'Test photoshoot', text: 'Trying the team look on your own photos is coming soon.' };
  if (pathname.endsWith('/photoshoots/dashboard'))
    return { title: 'Team dashboard', text: 'Every member’s progress and results will appear here.' };
  if (pathname.includes('/photoshoots'))
    return { title: 'Team photoshoots', text: 'Team photoshoots are coming soon.' };
  return { title: 'Team', text: 'Your team’s page is coming soon.' };
}

export function TeamPlaceholderPage() {
  const { pathname } = useLocation();
  const { title, text } = describe(pathname);
  useTitle(title);
  return (
    <>
      <PageHeader eyebrow="Teams" title={title} />
      <EmptyState
        title="Coming soon"
        description={text}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/teams-info" className={buttonClasses('secondary')}>
              How teams work
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

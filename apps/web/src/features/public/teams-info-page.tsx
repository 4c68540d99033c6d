import { Link } from '@tanstack/react-router';
import { PublicPage } from '../../ui/public-page';
import { useTitle } from '../../lib/use-title';
import { Alert, buttonClasses, PageHeader, Spinner } from '../../ui';
import { useAuth } from '../../lib/use-auth';
import { usePackages } from './use-catalog';
import { PackageCard } from './pricing';

const POINTS = [
  {
    title: 'One consistent look',
    text: 'Choose the team’s styles and upload your brand backdrop once. Everyone gets portraits that belong on the same page.',
  },
  {
    title: 'Invite by link',
    text: 'Share one link — optionally limited to your company’s email, with an expiry and a usage cap. No accounts to create for people.',
  },
  {
    title: 'Follow everyone’s progress',
    text: 'See who has uploaded, who is processing and who is done, and download the whole set as one zip.',
  },
  {
    title: 'Private by design',
    text: 'Members’ selfies stay private to them. Admins see the released portraits, nothing else.',
  },
];

/** /teams-info: what the team offer is, its packages and how to start. */
export function TeamsInfoPage() {
  useTitle('Photoshoot for teams');
  const { user } = useAuth();
  const packages = usePackages();
  const team = packages.data?.filter((p) => p.kind === 'team') ?? [];
  return (
    <PublicPage width="wide">
      <PageHeader
        eyebrow="For teams"
        title="Consistent headshots for your whole team"
        description="Buy seats, set the look once, invite colleagues by link and collect everyone’s portraits in one place."
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {POINTS.map((p) => (
          <li key={p.title} className="rounded-2xl border border-zinc-200 bg-white p-5">
            <h2 className="font-semibold text-zinc-900">{p.title}</h2>
            <p className="mt-1 text-sm text-zinc-600">{p.text}</p>
          </li>
        ))}
      </ul>
      <h2 className="mt-14 text-2xl font-bold tracking-tight">Team packages</h2>
      <div className="mt-6">
        {packages.isPending ? <Spinner label="Loading packages" /> : null}
        {packages.isError ? (
          <Alert tone="error">Packages could not be loaded. Please reload the page.</Alert>
        ) : null}
        {packages.data ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {team.map((p) => (
              <li key={p.id} className="flex">
                <PackageCard
                  pkg={p}
                  cta={
                    user
                      ? { to: '/teams/new', label: 'Create a team' }
                      : { to: '/register', label: 'Create a team', redirect: '/teams/new' }
                  }
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="mt-12 flex flex-wrap items-center gap-3 rounded-2xl bg-brand-50 p-6">
        <p className="flex-1 text-brand-900">Need more than 50 seats, invoicing or a custom backdrop?</p>
        <Link to="/contact" className={buttonClasses('primary')}>
          Talk to us
        </Link>
      </div>
    </PublicPage>
  );
}

import { Link } from '@tanstack/react-router';
import { useTitle } from '../../lib/use-title';
import { Alert, buttonClasses, Spinner } from '../../ui';
import { useAuth } from '../../lib/use-auth';
import { usePackages, usePublicConfig, useStyles } from './use-catalog';
import { Faq } from './faq';
import { Hero } from './hero';
import { PackageCard } from './pricing';
import { engineSummary } from '../../shared/engine-text';
import { privacyPromise } from '../../shared/privacy-text';
import { retentionPhrase } from './retention-text';
import { StyleCard } from './style-card';
import { AccountDeletedNotice } from './account-deleted-notice';

// The first step's title states the live limits (public config) once they are known.
const steps = (limits?: { minAcceptedPhotos: number; maxPhotos: number }) => [
  {
    title: limits ? `Upload ${limits.minAcceptedPhotos}–${limits.maxPhotos} selfies` : 'Upload your selfies',
    text: 'Everyday phone photos work. We check each one as it arrives and tell you in plain words if one won’t do.',
  },
  {
    title: 'Pick your styles',
    text: 'Corporate grey, warm office, outdoor, creative colour… choose the looks you want, no prompt writing.',
  },
  {
    title: 'Get your portraits',
    text: 'Our team checks every result before release. You get an email, then favourite, download or ask for a redo.',
  },
];

function SectionTitle({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-zinc-600">{lead}</p> : null}
    </div>
  );
}

function StyleGallery() {
  const styles = useStyles();
  if (styles.isPending)
    return (
      <div className="flex justify-center py-10 text-zinc-500">
        <Spinner label="Loading styles" />
      </div>
    );
  if (styles.isError)
    return <Alert tone="error">The style gallery could not be loaded. Please reload the page.</Alert>;
  if (!styles.data.length) return <p className="text-center text-zinc-600">New styles are on their way.</p>;
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {styles.data.map((s) => (
        <li key={s.id}>
          <StyleCard style={s} />
        </li>
      ))}
    </ul>
  );
}

function Pricing() {
  const packages = usePackages();
  const { user } = useAuth();
  if (packages.isPending)
    return (
      <div className="flex justify-center py-10 text-zinc-500">
        <Spinner label="Loading prices" />
      </div>
    );
  if (packages.isError)
    return <Alert tone="error">Prices could not be loaded. Please reload the page.</Alert>;
  const individual = packages.data.filter((p) => p.kind === 'individual');
  const team = packages.data.filter((p) => p.kind === 'team');
  return (
    <div className="flex flex-col gap-14">
      <div>
        <h3 className="sr-only">For individuals</h3>
        <ul className="grid gap-6 md:grid-cols-3">
          {individual.map((p) => (
            <li key={p.id} className="flex">
              <PackageCard
                pkg={p}
                cta={{ to: user ? '/dashboard' : '/register', label: `Start with ${p.name}` }}
              />
            </li>
          ))}
        </ul>
      </div>
      {team.length ? (
        <div>
          <h3 className="mb-6 text-center text-xl font-semibold text-zinc-900">For teams</h3>
          <ul className="grid gap-6 md:grid-cols-3">
            {team.map((p) => (
              <li key={p.id} className="flex">
                <PackageCard pkg={p} cta={{ to: '/teams/new', label: 'Create a team' }} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function FaqSection() {
  const config = usePublicConfig();
  const retention = config.data?.retention;
  return (
    <Faq
      items={[
        ...(config.data?.engine
          ? [{ q: 'What will my portraits look like?', a: engineSummary(config.data.engine) }]
          : []),
        {
          q: 'What photos should I upload?',
          a: 'Between 6 and 20 recent photos of just you: face clearly visible, good light, no sunglasses, different angles and backgrounds. We check every photo when you upload it and explain any we can’t use.',
        },
        {
          q: 'How long does it take?',
          a: 'Most photoshoots are ready within hours; each package states its turnaround. You can follow the progress live and we email you when your portraits are released.',
        },
        {
          q: 'What if I don’t like the results?',
          a: 'Every result is checked by a person before you see it. If some still miss the mark, flag them for a free redo round from your results page.',
        },
        {
          q: 'What happens to my selfies?',
          a: (
            <>
              {privacyPromise(config.data?.privacy)} Your uploaded photos are private — not even your team
              admin sees them. They are deleted {retentionPhrase(retention?.originalsDays)}, and your
              portraits are kept{' '}
              {retention?.resultsDays
                ? `for ${retentionPhrase(retention.resultsDays)}`
                : 'until you delete them or your account'}
              . See our{' '}
              <Link to="/privacy" className="font-medium text-brand-700 underline">
                privacy policy
              </Link>
              .
            </>
          ),
        },
        {
          q: 'Can I use the portraits commercially?',
          a: 'Yes. The portraits are yours to use on LinkedIn, your website, press kits and print.',
        },
        {
          q: 'Do you offer team pricing?',
          a: (
            <>
              Yes: buy seats for your team, pick a consistent look once and invite colleagues by link.{' '}
              <Link to="/teams-info" className="font-medium text-brand-700 underline">
                Learn about teams
              </Link>
              .
            </>
          ),
        },
      ]}
    />
  );
}

/** The landing page: what it is, how it works, styles, pricing, FAQ and the team call to action. */
export function HomePage() {
  useTitle('Photoshoot — professional portraits from your selfies', true);
  const { user } = useAuth();
  const limits = usePublicConfig().data?.photoshoots;
  return (
    <>
      <AccountDeletedNotice />
      <Hero signedIn={!!user} />

      <section
        aria-labelledby="how-title"
        id="how-it-works"
        className="scroll-mt-20 border-y border-zinc-200 bg-white py-16 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionTitle
            id="how-title"
            eyebrow="How it works"
            title="Three steps to a portrait you’ll actually use"
          />
          <ol className="grid gap-6 md:grid-cols-3">
            {steps(limits).map((step, i) => (
              <li key={i} className="rounded-2xl border border-zinc-200 bg-zinc-50 p-6">
                <span
                  className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-zinc-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-zinc-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="styles-title" id="styles" className="scroll-mt-20 py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionTitle
            id="styles-title"
            eyebrow="Styles"
            title="Pick the looks you want"
            lead="Every style is a complete look: backdrop, light, framing and colour grading."
          />
          <StyleGallery />
        </div>
      </section>

      <section
        aria-labelledby="pricing-title"
        id="pricing"
        className="scroll-mt-20 border-y border-zinc-200 bg-white py-16 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionTitle
            id="pricing-title"
            eyebrow="Pricing"
            title="One payment, no subscription"
            lead="Prices include every portrait in the package and a free redo round."
          />
          <Pricing />
        </div>
      </section>

      <section aria-labelledby="faq-title" id="faq" className="scroll-mt-20 py-16 sm:py-24">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <SectionTitle id="faq-title" eyebrow="FAQ" title="Questions, answered" />
          <FaqSection />
        </div>
      </section>

      <section aria-labelledby="teams-cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-3xl bg-zinc-900 px-6 py-10 text-white sm:px-12 sm:py-14 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 id="teams-cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Headshots for your whole team
            </h2>
            <p className="mt-3 text-zinc-300">
              One consistent look, your brand backdrop, invites by link and one place to download everyone’s
              portraits.
            </p>
          </div>
          <Link
            to="/teams-info"
            className={buttonClasses('primary', 'lg', 'bg-white !text-zinc-900 hover:bg-zinc-100')}
          >
            Photoshoot for teams
          </Link>
        </div>
      </section>
    </>
  );
}

import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PublicPage } from '../../ui/public-page';
import { useTitle } from '../../lib/use-title';
import { PageHeader, Spinner } from '../../ui';
import { usePublicConfig } from './use-catalog';
import { retentionPhrase } from './retention-text';
import { PrivacyNote } from '../../shared/privacy-note';
import { serviceSentence } from '../../shared/engine-text';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold text-zinc-900">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-zinc-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
        {children}
      </div>
    </section>
  );
}

function useRetention() {
  const config = usePublicConfig();
  return {
    config,
    originals: config.data?.retention.originalsDays,
    results: config.data?.retention.resultsDays,
  };
}

/** "one free redo round", "2 free redo rounds"; with none free, operators redo on request. */
function redoRounds(free = 1): string {
  if (free === 0) return 'a redo through support';
  return free === 1 ? 'one free redo round' : `${free} free redo rounds`;
}

function RetentionFacts() {
  const { config, originals, results } = useRetention();
  if (config.isPending) return <Spinner label="Loading retention periods" />;
  return (
    <ul data-testid="retention">
      <li>
        <strong>Your uploaded selfies</strong> are deleted {retentionPhrase(originals)}.
        {originals && originals > 0
          ? ` If a photoshoot is never delivered (left unfinished, failed or refunded), its selfies are deleted ${originals} day${originals === 1 ? '' : 's'} after its last activity.`
          : null}
      </li>
      <li>
        <strong>Your generated portraits</strong> are kept{' '}
        {results ? retentionPhrase(results) : 'until you delete them or your account'}.
      </li>
      <li>
        <strong>Your account</strong> is kept until you delete it in your settings; deleting it removes your
        photos and portraits.
      </li>
    </ul>
  );
}

/** /privacy: what we collect, why, how long (from the server's retention settings), your rights. */
export function PrivacyPage() {
  useTitle('Privacy policy');
  const { config } = useRetention();
  const appName = config.data?.appName ?? 'Photoshoot';
  return (
    <PublicPage>
      <PageHeader
        eyebrow="Legal"
        title="Privacy policy"
        description={`How ${appName} handles your photos and personal data.`}
      />
      <Section title="What we collect">
        <ul>
          <li>Account data: your name, email address, optional company name and avatar.</li>
          <li>
            The photos you upload to a photoshoot, and the technical measurements we take of them (face
            position, sharpness, exposure, whether someone else is in them) to check they are usable.
          </li>
          <li>
            A description of the person photographed that you choose to give (for example hair colour or
            glasses), used only to steer the portrait generation.
          </li>
          <li>
            Orders and payments: the package, price, coupon and payment status. Card details are handled by
            the payment provider and never reach us.
          </li>
          <li>Messages you send us through the contact form.</li>
        </ul>
      </Section>
      <Section title="Why we use it">
        <p>
          Only to deliver your photoshoot: checking your uploads, generating and reviewing your portraits,
          taking payment, emailing you when they are ready and answering your questions. We do not sell your
          data, do not use your photos to train models for anyone else and show no advertising.
        </p>
      </Section>
      <Section title="How long we keep it">
        <RetentionFacts />
        <p>Deletion runs automatically every day; backups roll over within a few days after that.</p>
      </Section>
      <Section title="Where your photos are processed">
        <PrivacyNote />
      </Section>
      <Section title="Who can see your photos">
        <p>
          Your uploaded selfies are visible only to you and, for quality control, to our operators. When you
          take part in a team photoshoot, your team’s admins see your released portraits but never your
          selfies.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You can see and correct your data in your{' '}
          <Link to="/settings" className="font-medium text-brand-700 underline">
            settings
          </Link>
          , download your portraits, and delete your account at any time. For anything else — a copy of your
          data, an objection, a complaint — write to us through the{' '}
          <Link to="/contact" className="font-medium text-brand-700 underline">
            contact page
          </Link>{' '}
          with the topic “Privacy and my data”.
        </p>
      </Section>
    </PublicPage>
  );
}

/** /terms-of-service: the agreement, including the retention periods. */
export function TermsPage() {
  useTitle('Terms of service');
  const { config } = useRetention();
  const appName = config.data?.appName ?? 'Photoshoot';
  return (
    <PublicPage>
      <PageHeader
        eyebrow="Legal"
        title="Terms of service"
        description={`The agreement between you and ${appName} when you use the service.`}
      />
      <Section title="The service">
        <p>
          {serviceSentence(appName, config.data?.engine)} Results depend on the photos you provide; we check
          every upload and tell you when a photo cannot be used.
        </p>
      </Section>
      <Section title="Your photos">
        <ul>
          <li>Upload only photos of yourself, or of someone who has agreed to it.</li>
          <li>No nudity, no minors, nothing unlawful or hateful. We may refuse or delete such uploads.</li>
          <li>
            You keep all rights to your photos. You give us permission to process them only to deliver your
            photoshoot.
          </li>
        </ul>
      </Section>
      <Section title="Your portraits">
        <p>
          Once paid for, the portraits are yours to use personally and commercially (profiles, websites,
          print, press). Every result is checked before release; you may flag results for{' '}
          {redoRounds(config.data?.photoshoots.freeRedos)}.
        </p>
      </Section>
      <Section title="Payment and refunds">
        <p>
          Prices are shown before you pay and are charged once; there is no subscription. If a photoshoot
          fails and we cannot redo it, you get a full refund. Write to us within 14 days of delivery if you
          are not satisfied and we will find a solution.
        </p>
      </Section>
      <Section title="Data retention">
        <RetentionFacts />
      </Section>
      <Section title="Teams">
        <p>
          A team owner buys seats and invites members. Each member’s selfies stay private to that member; the
          team’s admins see the released portraits. Unused seats remain available to the team.
        </p>
      </Section>
      <Section title="Liability and changes">
        <p>
          We provide the service with care but cannot guarantee that every generated portrait looks exactly as
          you expect. We may update these terms; we will tell you by email before material changes take
          effect.
        </p>
      </Section>
    </PublicPage>
  );
}

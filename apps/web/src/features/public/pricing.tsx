import { Link } from '@tanstack/react-router';
import { buttonClasses, cx } from '../../ui';
import { formatMoney } from '../../shared/money';
import type { Package } from '../../shared/records';

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true">
      <path
        d="M5 10.5l3 3 7-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A package as a pricing card. */
export function PackageCard({
  pkg,
  cta,
}: {
  pkg: Package;
  /** Where the card's button leads; `redirect` is where a sign-up or sign-in goes on to. */
  cta: { to: string; label: string; redirect?: string };
}) {
  const features = Array.isArray(pkg.features) ? pkg.features : [];
  return (
    <div
      className={cx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        pkg.highlighted ? 'border-brand-500 ring-2 ring-brand-500' : 'border-zinc-200',
      )}
    >
      {pkg.highlighted ? (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most popular
        </span>
      ) : null}
      <h3 className="text-lg font-semibold text-zinc-900">{pkg.name}</h3>
      <p className="mt-1 min-h-10 text-sm text-zinc-600">{pkg.description}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-zinc-900">
          {formatMoney(pkg.priceCents, pkg.currency, { wholeWithoutCents: true })}
        </span>
        <span className="text-sm text-zinc-500">
          {pkg.kind === 'team' ? forPeople(pkg.seats) : 'one-time'}
        </span>
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm text-zinc-700">
        {features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <Link
        to={cta.to}
        search={cta.redirect ? { redirect: cta.redirect } : undefined}
        className={cx(buttonClasses(pkg.highlighted ? 'primary' : 'secondary'), 'mt-8 w-full')}
      >
        {cta.label}
      </Link>
    </div>
  );
}

/** "for 1 person", "for 5 people": what a team package's price covers. */
export function forPeople(seats: number): string {
  return `for ${seats} ${seats === 1 ? 'person' : 'people'}`;
}

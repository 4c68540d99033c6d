import { Badge, RadioCard } from '../../../../ui';
import { formatMoney } from '../../../../shared/money';
import type { Package } from '../../../../shared/records';

/** The team packages as a radio group of cards: seats, price and what a seat buys. */
export function PackageChoice({
  packages,
  value,
  onChange,
}: {
  packages: Package[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-zinc-900">Team package</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {packages.map((p) => {
          const checked = p.id === value;
          const perSeat = p.seats > 0 ? Math.round(p.priceCents / p.seats) : 0;
          const features = Array.isArray(p.features) ? p.features : [];
          return (
            <RadioCard
              key={p.id}
              name="package"
              value={p.id}
              checked={checked}
              onChange={() => onChange(p.id)}
              testId="team-package-card"
            >
              <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span className="min-w-0 font-semibold text-zinc-900">{p.name}</span>
                {p.highlighted ? <Badge tone="brand">Most popular</Badge> : null}
              </span>
              <span className="mt-1 text-2xl font-bold text-zinc-900">
                {formatMoney(p.priceCents, p.currency)}
                {p.maxQuantity > 1 ? <span className="text-sm font-medium text-zinc-500"> each</span> : null}
              </span>
              <span className="mt-1 text-sm text-zinc-600">
                {p.seats} seat{p.seats === 1 ? '' : 's'}
                {p.seats > 1 ? ` · ${formatMoney(perSeat, p.currency)} per seat` : ''} · {p.stylesIncluded}{' '}
                style{p.stylesIncluded === 1 ? '' : 's'}, {p.stylesIncluded * p.imagesPerStyle} portraits each
              </span>
              {features.length ? (
                <ul className="mt-3 flex flex-col gap-1 text-sm text-zinc-700">
                  {features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <span className="text-emerald-600" aria-hidden="true">
                        ✓
                      </span>
                      {f}
                    </li>
                  ))}
                </ul>
              ) : null}
            </RadioCard>
          );
        })}
      </div>
    </fieldset>
  );
}

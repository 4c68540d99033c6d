import { Badge, cx, RadioCard } from '../../../ui';
import type { Package } from '../../../shared/records';
import { formatMoney } from '../../../shared/money';

/**
 * The packages as a radio group of cards. `compact` leaves out the feature lists (the styles
 * page only needs the number of styles).
 */
export function PackagePicker({
  packages,
  value,
  onChange,
  compact = false,
  legend,
}: {
  packages: Package[];
  value: string;
  onChange: (id: string) => void;
  compact?: boolean;
  legend: string;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-zinc-900">{legend}</legend>
      <div className={cx('grid gap-3', compact ? 'sm:grid-cols-3' : 'md:grid-cols-3')}>
        {packages.map((p) => {
          const checked = p.id === value;
          const features = Array.isArray(p.features) ? p.features : [];
          return (
            <RadioCard
              key={p.id}
              name="package"
              value={p.id}
              checked={checked}
              onChange={() => onChange(p.id)}
              testId="package-card"
            >
              {/* note: wraps rather than overflows: three cards beside the order summary are narrow. */}
              <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span className="min-w-0 font-semibold text-zinc-900">{p.name}</span>
                {p.highlighted ? (
                  <Badge tone="brand" className="whitespace-nowrap">
                    Most popular
                  </Badge>
                ) : null}
              </span>
              <span className="mt-1 text-2xl font-bold text-zinc-900">
                {formatMoney(p.priceCents, p.currency)}
              </span>
              <span className="mt-1 text-sm text-zinc-600">
                {p.stylesIncluded} style{p.stylesIncluded === 1 ? '' : 's'} ·{' '}
                {p.stylesIncluded * p.imagesPerStyle} portraits
                {p.turnaroundHours ? ` · within ${p.turnaroundHours} h` : ''}
              </span>
              {!compact && features.length ? (
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

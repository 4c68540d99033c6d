import { useId } from 'react';
import { cx } from '../../../ui';

/** A 1–5 star rating as a radio group (arrow keys move, the label says the number). */
export function RatingStars({
  value,
  onChange,
  label,
  size = 'md',
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  label: string;
  size?: 'sm' | 'md' | 'lg';
  disabled?: boolean;
}) {
  const name = useId();
  const box = size === 'lg' ? 'size-10' : size === 'sm' ? 'size-8' : 'size-9';
  return (
    <fieldset className="flex items-center" disabled={disabled}>
      <legend className="sr-only">{label}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className={cx(
            'inline-flex cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
            box,
          )}
        >
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="sr-only"
          />
          <span className="sr-only">
            {n} star{n === 1 ? '' : 's'}
          </span>
          <svg viewBox="0 0 20 20" className={size === 'lg' ? 'size-8' : 'size-6'} aria-hidden="true">
            <path
              d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z"
              className={n <= value ? 'fill-amber-400 stroke-amber-500' : 'fill-transparent stroke-zinc-400'}
              strokeWidth="1.3"
              strokeLinejoin="round"
            />
          </svg>
        </label>
      ))}
    </fieldset>
  );
}

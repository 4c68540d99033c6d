import { cx } from '../../../ui';

export function FavoriteButton({
  on,
  onToggle,
  label,
  className,
}: {
  on: boolean;
  onToggle: () => void;
  label: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={label}
      onClick={onToggle}
      className={cx(
        'inline-flex size-9 items-center justify-center rounded-full transition-colors',
        on ? 'bg-rose-50 text-rose-600' : 'bg-white/90 text-zinc-600 hover:text-rose-600',
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.4-9.3-9.1C1.5 8 3.6 4.5 7.1 4.5c2 0 3.4 1.1 4.9 2.9 1.5-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.9-1.8 4.7-9.3 9.1-9.3 9.1z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

import { cx } from './cx';

/** An indeterminate spinner; `label` is announced to screen readers (omit it inside a labelled control). */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={cx('inline-flex items-center gap-2', className)}>
      <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A centred spinner for a page or section that is loading. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center text-zinc-500" role="status" aria-live="polite">
      <Spinner />
      <span className="ml-2 text-sm">{label}</span>
    </div>
  );
}

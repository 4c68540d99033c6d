import type { HTMLAttributes } from 'react';
import { cx } from './cx';

/** A white surface with a hairline border; `padded` adds the standard inner spacing. */
export function Card({
  className,
  padded = true,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { padded?: boolean }) {
  return (
    <div
      className={cx(
        'rounded-2xl border border-zinc-200 bg-white shadow-sm',
        padded && 'p-5 sm:p-6',
        className,
      )}
      {...rest}
    />
  );
}

import type { ReactNode } from 'react';
import { Alert, cx } from '../../../ui';

/**
 * The bar that stays at the bottom of the styles step while the styles scroll: how many are
 * chosen against the limit (announced as it changes), the step's notes, its one action, and why
 * that action failed.
 */
export function SelectionBar({
  status,
  over,
  children,
  action,
  error,
  errorTitle,
}: {
  status: string;
  /** More are chosen than the package includes: the status says what to remove. */
  over: boolean;
  /** Notes under the status: the chosen styles, whether the choice is saved, the seat. */
  children?: ReactNode;
  action: ReactNode;
  error: string;
  errorTitle?: string;
}) {
  return (
    <div className="sticky bottom-0 z-20 -mx-4 border-t border-zinc-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p
            className={cx('text-sm font-medium', over ? 'text-red-700' : 'text-zinc-900')}
            aria-live="polite"
            data-testid="selection-status"
          >
            {status}
          </p>
          {children}
        </div>
        {action}
      </div>
      {error ? (
        <Alert tone="error" className="mt-3" title={errorTitle}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}

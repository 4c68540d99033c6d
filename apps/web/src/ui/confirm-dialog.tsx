import { useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/errors';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * Asks before an action: a title, what will happen, and a confirm button. While the action runs
 * the button shows it and the dialog cannot be dismissed; if the action fails the dialog stays
 * open with the reason, so the person can retry or cancel. It closes when the action succeeds.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  confirmDisabled = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What will happen, in one or two sentences. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Deletes or cannot be undone: the confirm button is red. */
  destructive?: boolean;
  /** The action cannot run yet (a field inside says why). */
  confirmDisabled?: boolean;
  onConfirm: () => Promise<unknown> | void;
  children?: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) setError(null);
    onOpenChange(next);
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onOpenChange(false);
    } catch (err) {
      setPending(false);
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      {children}
      {error ? (
        <Alert tone="error" className={children ? 'mt-4' : undefined}>
          {error}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => change(false)} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          variant={destructive ? 'danger' : 'primary'}
          loading={pending}
          disabled={confirmDisabled}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';

const REASON_MAX = 500;

/** Asks why a result is rejected (optional, kept with the result); Enter rejects. */
export function RejectDialog({
  open,
  label,
  onOpenChange,
  onReject,
}: {
  open: boolean;
  label: string;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setReason('');
      setError('');
    }
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onReject(reason.trim());
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={`Reject ${label}`}
      description="It will not be delivered. Regenerate the rejected results to replace them."
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label="Reason"
          description="Optional: what is wrong, for the record."
          autoFocus
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. eyes closed, odd hands"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            Reject
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

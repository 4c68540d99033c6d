import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, toFormError } from '../../../lib/errors';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { sendTestMail } from './data/settings-api';
import { useAdminAuth } from '../data/admin-auth-store';

/**
 * "Send test mail" (`POST /api/settings/test/email`, template `test`): a message that says it is
 * a test, through the saved mail settings, to the address given (the operator's own by default).
 */
export function TestMail() {
  const { superuser } = useAdminAuth();
  const [to, setTo] = useState(() => (typeof superuser?.email === 'string' ? superuser.email : ''));
  const send = useMutation({
    mutationFn: async () => {
      await sendTestMail(to.trim());
      return to.trim();
    },
  });
  const fieldMessage = send.isError ? toFormError(send.error).fields.email : undefined;
  return (
    <div className="mt-2 w-full border-t border-zinc-200 pt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            label="Send a test mail to"
            type="email"
            autoComplete="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={fieldMessage}
            description="Uses the saved settings: save first."
          />
        </div>
        <Button
          variant="secondary"
          className="sm:mt-7"
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          Send test mail
        </Button>
      </div>
      <p role="status" aria-live="polite" className="mt-2 text-sm">
        {send.isSuccess ? <span className="text-emerald-700">Sent to {send.data}.</span> : null}
        {send.isError && !fieldMessage ? (
          <span className="text-red-700">{errorMessage(send.error)}</span>
        ) : null}
      </p>
    </div>
  );
}

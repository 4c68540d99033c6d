import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/use-toast';
import { deleteUser, requestPasswordReset, requestVerification } from '../data/admin-actions';
import type { AdminUser } from '../data/admin-types';
import { DeletionRules } from './deletion-rules';
import { openCustomerView } from './data/open-customer-view';
import type { AdminMembership } from './data/use-admin-user';

/** The operator's actions on one customer: mails, a view as them, and deleting the account. */
export function UserActions({ user, memberships }: { user: AdminUser; memberships: AdminMembership[] }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState('');
  const [deleting, setDeleting] = useState(false);

  const run = async (name: string, action: () => Promise<unknown>, done: [string, string?]) => {
    setBusy(name);
    try {
      await action();
      toast.success(...done);
    } catch (err) {
      toast.error('That did not work.', errorMessage(err));
    } finally {
      setBusy('');
    }
  };
  return (
    <>
      {!user.verified ? (
        <Button
          variant="secondary"
          loading={busy === 'verify'}
          onClick={() =>
            void run('verify', () => requestVerification(user.email), [
              'Verification mail sent.',
              `A new confirmation link went to ${user.email}.`,
            ])
          }
        >
          Resend verification
        </Button>
      ) : null}
      <Button
        variant="secondary"
        loading={busy === 'reset'}
        onClick={() =>
          void run('reset', () => requestPasswordReset(user.email), [
            'Password reset sent.',
            `${user.email} can choose a new password from the mail.`,
          ])
        }
      >
        Send password reset
      </Button>
      <Button
        variant="secondary"
        loading={busy === 'view'}
        // note: openCustomerView opens the tab first thing, still inside this click.
        onClick={() =>
          void run('view', () => openCustomerView(user.id), [
            'Customer view opened in a new tab.',
            'It lasts 15 minutes; this tab stays signed in as you.',
          ])
        }
      >
        Open as customer
      </Button>
      <Button variant="danger" onClick={() => setDeleting(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        destructive
        title="Delete this account?"
        description={`${user.email} and everything that is theirs goes, for good:`}
        confirmLabel="Delete account"
        onConfirm={async () => {
          await deleteUser(user.id);
          toast.success('Account deleted.', user.email);
          void navigate({ to: '/admin/users', replace: true });
        }}
      >
        <DeletionRules userId={user.id} memberships={memberships} />
      </ConfirmDialog>
    </>
  );
}

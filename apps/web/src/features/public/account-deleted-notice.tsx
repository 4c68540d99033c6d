import { useRouterState } from '@tanstack/react-router';
import { useHydrated } from '../../lib/use-hydrated';
import { usePublicConfig } from '../../shared/public-config';
import { Alert } from '../../ui';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by the settings page after it deleted the account: the address the confirmation goes to. */
    deletedAccountEmail?: string;
  }
}

/**
 * Says on the page a deletion lands on that the account is gone and, when the service sends mail,
 * that a confirmation is on its way (the server queues it with the deletion). While SMTP is off the
 * mail only reaches the developer outbox, so the promise is left out. Carried in the history
 * entry's state, so it is not in the URL and does not show on a page opened later from a link.
 */
export function AccountDeletedNotice() {
  const email = useRouterState({ select: (s) => s.location.state.deletedAccountEmail });
  const mailDelivered = usePublicConfig().data?.mail.delivered === true;
  // note: the landing page is prerendered without it; it shows once the markup has hydrated.
  const hydrated = useHydrated();
  if (!hydrated || !email) return null;
  return <AccountDeleted email={email} mailDelivered={mailDelivered} />;
}

export function AccountDeleted({ email, mailDelivered }: { email: string; mailDelivered: boolean }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Alert tone="success" title="Your account was deleted">
        Your photoshoots, photos and portraits were deleted with it.
        {mailDelivered ? ` A confirmation email is on its way to ${email}.` : null}
      </Alert>
    </div>
  );
}

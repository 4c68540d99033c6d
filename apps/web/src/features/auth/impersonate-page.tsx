import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authStore, initAuth } from '../../lib/auth-store';
import { useAuth } from '../../lib/use-auth';
import { useTitle } from '../../lib/use-title';
import { Alert, Spinner } from '../../ui';

/**
 * /impersonate: where an operator's hand-over lands (ADR 026). main.tsx already moved the token
 * from the fragment into this tab's own session; once the start-up refresh has read the customer,
 * the tab goes on to their dashboard. Without a session (the address reused, or expired) it says so.
 */
export function ImpersonatePage() {
  useTitle('Opening the customer’s view');
  const navigate = useNavigate();
  const { user, initialised } = useAuth();

  useEffect(() => {
    void initAuth().then(() => {
      if (authStore.getState().user) void navigate({ to: '/dashboard', replace: true });
    });
  }, [navigate]);

  if (!initialised || user) {
    return (
      <div className="grid min-h-dvh place-items-center">
        <Spinner label="Opening the customer’s view" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md p-6 pt-24">
      <Alert tone="error" title="This view is no longer available.">
        A customer view opens once, from the back office, and lasts a few minutes. Open it again from the
        customer’s page in the back office.
      </Alert>
    </div>
  );
}

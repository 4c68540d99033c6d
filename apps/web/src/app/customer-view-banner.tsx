import { useAuth } from '../lib/use-auth';
import { isTabSession } from '../lib/tab-session';

/**
 * Says so in a tab an operator opened as a customer (ADR 026), so nobody mistakes it for their own
 * session: whose account this is, that only this tab is signed in, and how it ends.
 */
export function CustomerViewBanner() {
  const { user } = useAuth();
  if (!user || !isTabSession()) return null;
  return (
    <div role="note" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      Customer view: signed in as <strong className="break-all">{user.email}</strong> in this tab only. It
      ends after 15 minutes or when you close the tab.
    </div>
  );
}

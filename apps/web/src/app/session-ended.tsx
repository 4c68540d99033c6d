import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { checkSession, useSessionEnded } from '../lib/session-check';
import { useTitle } from '../lib/use-title';
import { buttonClasses } from '../ui/button';

/**
 * A signed-in page whose session the server has ended (the password was changed or reset, perhaps
 * on another device) says so and offers to sign in again, coming back here, instead of going on
 * with reads that now come back as a guest's: empty lists, "nothing released yet".
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const ended = useSessionEnded();
  // note: coming back to this tab, perhaps from the device where the password was just changed,
  // is when a stale page would mislead: ask then. Live pages also ask when their connection drops.
  useEffect(() => {
    const back = () => {
      if (document.visibilityState === 'visible') void checkSession();
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, []);
  if (!ended) return children;
  return <SessionEnded />;
}

function SessionEnded() {
  const { href } = useLocation();
  useTitle('Signed out');
  return (
    <section
      role="alert"
      aria-labelledby="session-ended-title"
      className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-zinc-200 bg-white px-6 py-12 text-center"
    >
      <h1 id="session-ended-title" className="text-xl font-semibold text-zinc-900">
        You have been signed out
      </h1>
      <p className="mt-2 text-sm text-zinc-600">
        Your session has ended, for example because your password was changed or reset on another device. Sign
        in again to carry on where you were.
      </p>
      <Link to="/login" search={{ redirect: href }} className={buttonClasses('primary', 'md', 'mt-6')}>
        Sign in again
      </Link>
    </section>
  );
}

import { Link, useNavigate } from '@tanstack/react-router';
import { buttonClasses } from '../ui';
import { signOut } from '../lib/auth-store';
import { useAuth } from '../lib/use-auth';

/** "Sign in / Get started" for guests; the dashboard link and "Sign out" for a signed-in user. */
export function UserMenu({
  compact = false,
  primaryOnlyOnPhone = false,
}: {
  compact?: boolean;
  /** On a phone only the main action shows (the site menu holds the other). */
  primaryOnlyOnPhone?: boolean;
}) {
  const secondary = primaryOnlyOnPhone ? 'max-sm:hidden' : '';
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Link to="/login" className={buttonClasses('ghost', 'sm', secondary)}>
          Sign in
        </Link>
        <Link to="/register" className={buttonClasses('primary', 'sm')}>
          Get started
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      {compact ? null : (
        <Link to="/dashboard" className={buttonClasses('secondary', 'sm')}>
          Dashboard
        </Link>
      )}
      <button
        type="button"
        className={buttonClasses('ghost', 'sm', secondary)}
        onClick={() => {
          signOut();
          void navigate({ to: '/login' });
        }}
      >
        Sign out
      </button>
    </div>
  );
}

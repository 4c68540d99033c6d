import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { LogoMark } from '../../ui/logo';
import { InShellContext } from '../../ui/shell-context';
import { SkipLink } from '../../ui/skip-link';
import { buttonClasses } from '../../ui/button';
import { cx } from '../../ui/cx';
import { ToastProvider } from '../../ui/toast';
import { signOutAdmin, useAdminAuth } from './data/admin-auth-store';
import { ScrollStrip } from './components/scroll-strip';

/**
 * The back office's frame: navigation, the operator's session, the toasts.
 * Shown only behind the admin guard. Lazy: not in the landing bundle.
 */

const SECTIONS = [
  { to: '/admin', label: 'Overview' },
  { to: '/admin/photoshoots', label: 'Photoshoots' },
  { to: '/admin/results', label: 'Results' },
  { to: '/admin/original-photos', label: 'Original photos' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/contact-messages', label: 'Contact messages' },
  { to: '/admin/styles', label: 'Styles' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/settings', label: 'Settings' },
] as const;

export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-100 md:flex-row">
      <SkipLink />
      <aside className="bg-zinc-900 text-zinc-300 md:w-60 md:shrink-0">
        <div className="flex h-16 items-center gap-2 px-5 font-bold text-white">
          <LogoMark className="size-7" />
          <span>Back office</span>
        </div>
        <nav aria-label="Back office">
          <ScrollStrip
            label="the menu"
            current={pathname}
            listClassName="flex gap-1 overflow-x-auto px-3 pb-3 [scrollbar-width:none] md:flex-col md:overflow-visible"
          >
            {SECTIONS.map((s) => {
              const active =
                s.to === '/admin'
                  ? pathname === '/admin' || pathname === '/admin/'
                  : pathname.startsWith(s.to);
              return (
                <li key={s.to} className="shrink-0">
                  <Link
                    to={s.to}
                    // note: the router marks a link current on every page under its path too.
                    activeOptions={{ exact: s.to === '/admin' }}
                    aria-current={active ? 'page' : undefined}
                    className={cx(
                      'block rounded-lg px-3 py-2 text-sm font-medium',
                      active ? 'bg-white/10 text-white' : 'hover:bg-white/5 hover:text-white',
                    )}
                  >
                    {s.label}
                  </Link>
                </li>
              );
            })}
          </ScrollStrip>
        </nav>
        <OperatorSignOut />
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-8">
        <InShellContext.Provider value={true}>
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        </InShellContext.Provider>
      </main>
    </div>
  );
}

/** Who is signed in to the back office, and the way out (the customer session is not touched). */
function OperatorSignOut() {
  const { superuser } = useAdminAuth();
  const navigate = useNavigate();
  if (!superuser) return null;
  return (
    <div className="flex items-center justify-between gap-3 border-t border-white/10 px-5 py-3 text-sm md:block md:py-4">
      <p className="truncate text-zinc-400" title={superuser.email}>
        {superuser.email}
      </p>
      <button
        type="button"
        className={buttonClasses('secondary', 'sm', 'shrink-0 md:mt-2 md:w-full')}
        onClick={() => {
          signOutAdmin();
          void navigate({ to: '/admin/login' });
        }}
      >
        Sign out
      </button>
    </div>
  );
}

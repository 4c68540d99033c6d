import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/use-auth';
import { fileUrl } from '../lib/file-url';
import { CustomerViewBanner } from './customer-view-banner';
import { SessionGate } from './session-ended';
import { Logo } from '../ui/logo';
import { SiteFooter } from './site-footer';
import { SkipLink } from '../ui/skip-link';
import { InShellContext } from '../ui/shell-context';
import { UserMenu } from './user-menu';

const linkClasses =
  'rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700';

function Avatar() {
  const { user } = useAuth();
  if (!user) return null;
  const initial = (user.name || user.email || '?').trim().charAt(0).toUpperCase();
  return user.avatar ? (
    <img
      src={fileUrl(user, user.avatar, '100x100')}
      alt=""
      width={32}
      height={32}
      className="size-8 rounded-full object-cover ring-1 ring-zinc-200"
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
    >
      {initial}
    </span>
  );
}

/** The frame of signed-in pages: app navigation, the page, the footer. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <CustomerViewBanner />
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-4">
            <Logo to="/dashboard" />
            <nav aria-label="App" className="hidden sm:block">
              <ul className="flex gap-1">
                <AppLinks />
              </ul>
            </nav>
          </div>
          <div className="flex items-center gap-2">
            <Avatar />
            <UserMenu compact />
          </div>
        </div>
        <nav aria-label="App (mobile)" className="border-t border-zinc-100 sm:hidden">
          <ul className="mx-auto flex max-w-6xl gap-1 px-2 py-1.5">
            <AppLinks />
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
          <InShellContext.Provider value={true}>{children}</InShellContext.Provider>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The signed-in sections, shown in the header on wide screens and in a second row on phones. */
function AppLinks() {
  return (
    <>
      <li>
        <Link to="/dashboard" className={linkClasses}>
          Dashboard
        </Link>
      </li>
      <li>
        <Link to="/teams" className={linkClasses}>
          Teams
        </Link>
      </li>
      <li>
        <Link to="/settings" className={linkClasses}>
          Settings
        </Link>
      </li>
    </>
  );
}

export function DefaultLayout() {
  return (
    <AppShell>
      <SessionGate>
        <Outlet />
      </SessionGate>
    </AppShell>
  );
}

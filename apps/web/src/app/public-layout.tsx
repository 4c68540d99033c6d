import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
import { SiteFooter } from './site-footer';
import { SiteMenu } from './site-menu';
import { SkipLink } from '../ui/skip-link';
import { InShellContext } from '../ui/shell-context';
import { UserMenu } from './user-menu';

const NAV = [
  { href: '/#how-it-works', label: 'How it works' },
  { href: '/#styles', label: 'Styles' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/teams-info', label: 'Teams' },
  { href: '/#faq', label: 'FAQ' },
];

/** The public site's frame: header with navigation, the page, the footer. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/90 backdrop-blur">
        <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex gap-1 text-sm font-medium text-zinc-700">
              {NAV.map((item) => (
                <li key={item.href}>
                  <a href={item.href} className="rounded-lg px-3 py-2 hover:bg-zinc-100 hover:text-zinc-900">
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-1">
            <UserMenu primaryOnlyOnPhone />
            <SiteMenu items={NAV}>
              <UserMenu />
            </SiteMenu>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <InShellContext.Provider value={true}>{children}</InShellContext.Provider>
      </main>
      <SiteFooter />
    </div>
  );
}

export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

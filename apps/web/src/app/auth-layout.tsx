import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
import { InShellContext } from '../ui/shell-context';
import { SkipLink } from '../ui/skip-link';

/** Sign-in pages: the brand and one centred card, nothing to distract. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-zinc-50 to-zinc-50">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 focus:outline-none sm:pt-12"
      >
        <div className="w-full max-w-md">
          <InShellContext.Provider value={true}>{children}</InShellContext.Provider>
        </div>
      </main>
    </div>
  );
}

export function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  );
}

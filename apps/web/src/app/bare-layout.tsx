import { Outlet } from '@tanstack/react-router';
import { InShellContext } from '../ui/shell-context';
import { SkipLink } from '../ui/skip-link';

/** No declared layout (/oauth-callback, /admin/login): just the page. */
export function BareLayout() {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className="min-h-dvh focus:outline-none">
        <InShellContext.Provider value={true}>
          <Outlet />
        </InShellContext.Provider>
      </main>
    </>
  );
}

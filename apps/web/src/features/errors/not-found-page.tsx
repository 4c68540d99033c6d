import { Link, useLocation } from '@tanstack/react-router';
import { useTitle } from '../../lib/use-title';
import { buttonClasses } from '../../ui';

/** Unknown paths: "Page Not Found" (the app frames it: `app/error-frames.tsx`). */
export function NotFoundPage() {
  useTitle('Page Not Found');
  const { pathname } = useLocation();
  return (
    <>
      <section
        className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
        aria-labelledby="not-found-title"
      >
        <p className="text-sm font-semibold text-brand-700">Error 404</p>
        <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          Page Not Found
        </h1>
        <p className="mt-4 text-zinc-600">
          There is nothing at{' '}
          <code className="break-all rounded bg-zinc-100 px-1.5 py-0.5 text-sm">{pathname}</code>. The link
          may be old or mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClasses('primary')}>
            Back to the home page
          </Link>
          <Link to="/contact" className={buttonClasses('secondary')}>
            Contact us
          </Link>
        </div>
      </section>
    </>
  );
}

import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTitle } from '../../lib/use-title';
import { buttonClasses } from '../../ui';

/**
 * Anything a page throws: a generic "Internal Server Error" (status 500). The details go
 * to the console for developers, never on the page.
 */
export function ErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  useTitle('Internal Server Error');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <>
      <section
        className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
        aria-labelledby="error-title"
      >
        <p className="text-sm font-semibold text-red-700">Error 500</p>
        <h1 id="error-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          Internal Server Error
        </h1>
        <p className="mt-4 text-zinc-600">
          Something went wrong on our side. Reloading the page usually helps; if it keeps happening, please
          tell us.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <a href="/" className={buttonClasses('secondary')}>
            Back to the home page
          </a>
        </div>
      </section>
    </>
  );
}

/** The forced crash behind `/__crash`: lets the end-to-end tests (and people) see the error page. */
export function CrashPage(): never {
  throw new Error('Forced error for testing the error page.');
}

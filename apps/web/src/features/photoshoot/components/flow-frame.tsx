import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, buttonClasses, LoadingBlock, PageHeader } from '../../../ui';
import type { Step } from '../lifecycle';
import type { Photoshoot } from '../../../shared/records';
import { FlowSteps } from './flow-steps';

type Props = {
  step: Step;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  query: UseQueryResult<Photoshoot>;
  photoshoot: Photoshoot | undefined;
  children: (photoshoot: Photoshoot) => ReactNode;
};

/** The frame of every flow page: title, steps, and the loading, missing and error states. */
export function FlowFrame({ step, title, description, actions, query, photoshoot, children }: Props) {
  useEffect(() => {
    document.title = `${title} — Photoshoot`;
  }, [title]);

  let body: ReactNode;
  if (query.isError) {
    const status = (query.error as { status?: number }).status;
    body = (
      <Alert tone="error" title={status === 404 ? 'Photoshoot not found' : 'Could not load the photoshoot'}>
        <p>
          {status === 404 ? 'It does not exist or belongs to another account.' : errorMessage(query.error)}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {status !== 404 ? (
            <button
              type="button"
              className={buttonClasses('secondary', 'sm')}
              onClick={() => void query.refetch()}
            >
              Try again
            </button>
          ) : null}
          <Link to="/dashboard" className={buttonClasses('ghost', 'sm')}>
            Back to the dashboard
          </Link>
        </div>
      </Alert>
    );
  } else if (!photoshoot) {
    body = <LoadingBlock label="Loading your photoshoot…" />;
  } else {
    body = children(photoshoot);
  }

  return (
    <div className="mx-auto w-full max-w-6xl">
      {photoshoot ? (
        <FlowSteps photoshoot={photoshoot} current={step} />
      ) : (
        <div className="mb-6 h-8" aria-hidden="true" />
      )}
      <PageHeader
        eyebrow={photoshoot?.title || undefined}
        title={title}
        description={description}
        actions={photoshoot ? actions : undefined}
      />
      {body}
    </div>
  );
}

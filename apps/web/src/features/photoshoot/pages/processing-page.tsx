import { Link } from '@tanstack/react-router';
import { Alert, Badge, buttonClasses, Card, cx } from '../../../ui';
import { useAuth } from '../../../lib/use-auth';
import { FlowFrame } from '../components/flow-frame';
import { useFlowPage } from '../components/use-flow-page';
import { useFlow } from '../flow-context';
import { POLL_BACKSTOP_MS } from '../constants';
import { usePackages } from '../data/use-catalog';
import { STATUS_LABELS } from '../lifecycle';
import { stageLabel } from '../processing/stage-label';
import type { Package, Photoshoot } from '../../../shared/records';

export default function ProcessingPage() {
  // note: realtime carries the progress; the poll only covers a connection that is silently gone.
  const { query, photoshoot } = useFlowPage('processing', { pollMs: POLL_BACKSTOP_MS });
  const title =
    photoshoot?.status === 'review'
      ? 'Your portraits are in review'
      : photoshoot?.status === 'failed'
        ? 'Your photoshoot needs attention'
        : 'Creating your portraits';
  return (
    <FlowFrame step="processing" title={title} query={query} photoshoot={photoshoot}>
      {(p) => <Progress photoshoot={p} />}
    </FlowFrame>
  );
}

/** The first step's words: a team photoshoot uses a seat (or, as a test, nothing), not a payment. */
function startLabel(p: Photoshoot): string {
  if (!p.team) return 'Payment confirmed';
  return p.isTest ? 'Test shoot started' : 'Team seat used';
}

const TIMELINE = [
  { key: 'paid', label: 'Payment confirmed' },
  { key: 'queued', label: 'In the queue' },
  { key: 'processing', label: 'Creating your portraits' },
  { key: 'review', label: 'Quality review' },
  { key: 'completed', label: 'Ready to download' },
] as const;

function timelineIndex(status: Photoshoot['status']): number {
  switch (status) {
    case 'queued':
      return 1;
    case 'processing':
    case 'failed':
      return 2;
    case 'review':
      return 3;
    case 'completed':
      return 4;
    default:
      return 0;
  }
}

/** "by Tue 14:30" from when the job was queued and the package's promised turnaround. */
function expectedBy(photoshoot: Photoshoot, pkg: Package | undefined): string {
  if (!pkg?.turnaroundHours) return '';
  const start = Date.parse((photoshoot.queuedAt || photoshoot.updated || '').replace(' ', 'T'));
  if (!Number.isFinite(start)) return '';
  const due = new Date(start + pkg.turnaroundHours * 3_600_000);
  return due.toLocaleString(undefined, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
  });
}

function Progress({ photoshoot }: { photoshoot: Photoshoot }) {
  const flow = useFlow();
  const { user } = useAuth();
  const packages = usePackages();
  const pkg = packages.data?.find((p) => p.id === photoshoot.package);
  const status = photoshoot.status;
  const percent = Math.max(0, Math.min(100, Math.round(photoshoot.progress || 0)));
  const at = timelineIndex(status);
  const due = expectedBy(photoshoot, pkg);
  const stage =
    status === 'queued'
      ? 'Waiting for a free studio'
      : status === 'review'
        ? 'Quality review by our team'
        : stageLabel(photoshoot.stage) || 'Getting started';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        {status === 'failed' ? (
          <Alert tone="error" title="Something went wrong while creating your portraits">
            <p>
              Our team has been told and will restart it; you do not need to do anything. We will email you
              when your portraits are ready.
            </p>
            {photoshoot.error ? <p className="mt-2 text-xs opacity-80">Details: {photoshoot.error}</p> : null}
          </Alert>
        ) : (
          <div aria-live="polite" data-testid="processing-state">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-lg font-semibold text-zinc-900">{stage}</p>
              <Badge tone={status === 'review' ? 'info' : 'brand'}>{STATUS_LABELS[status]}</Badge>
            </div>
            {status === 'review' ? (
              <p className="mt-2 text-zinc-600">
                Your portraits are made. A person on our team is checking every one before you see it, so only
                the ones that really look like you are released. This usually takes a few hours at most.
              </p>
            ) : (
              <>
                <div
                  role="progressbar"
                  aria-label="Progress of your photoshoot"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={status === 'queued' ? 0 : percent}
                  className="mt-4 h-3 overflow-hidden rounded-full bg-zinc-200"
                >
                  <div
                    className={cx(
                      'h-full rounded-full bg-brand-600 transition-[width] duration-500',
                      status === 'queued' && 'w-1/12 animate-pulse',
                    )}
                    style={status === 'queued' ? undefined : { width: `${Math.max(percent, 3)}%` }}
                  />
                </div>
                <p className="mt-2 text-sm text-zinc-600">
                  {status === 'queued' ? 'Starting soon' : `${percent}% done`}
                </p>
              </>
            )}
          </div>
        )}

        <ol className="mt-6 flex flex-col gap-3" aria-label="What happens next">
          {TIMELINE.map((t, i) => {
            const done = i < at || (i === at && status === 'completed');
            const current = i === at && status !== 'completed';
            return (
              <li
                key={t.key}
                className="flex items-center gap-3 text-sm"
                aria-current={current ? 'step' : undefined}
              >
                <span
                  className={cx(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                    done
                      ? 'bg-emerald-600 text-white'
                      : current
                        ? status === 'failed'
                          ? 'bg-red-600 text-white'
                          : 'bg-brand-600 text-white'
                        : 'bg-zinc-200 text-zinc-500',
                  )}
                  aria-hidden="true"
                >
                  {done ? '✓' : i + 1}
                </span>
                <span
                  className={cx(
                    current ? 'font-semibold text-zinc-900' : done ? 'text-zinc-700' : 'text-zinc-500',
                  )}
                >
                  {t.key === 'paid' ? startLabel(photoshoot) : t.label}
                  {done ? (
                    <span className="sr-only"> (done)</span>
                  ) : current ? (
                    <span className="sr-only"> (now)</span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      </Card>

      <aside className="flex flex-col gap-4">
        <Card>
          <h2 className="font-semibold text-zinc-900">When will it be ready?</h2>
          <p className="mt-1 text-sm text-zinc-600" data-testid="eta">
            {pkg?.turnaroundHours
              ? `Your ${pkg.name} package is delivered within ${pkg.turnaroundHours} hours${due ? ` (by ${due})` : ''}, usually much sooner.`
              : 'Usually within a few hours.'}
          </p>
        </Card>
        <Card>
          <h2 className="font-semibold text-zinc-900">You can close this page</h2>
          <p className="mt-1 text-sm text-zinc-600">
            We will email you{user?.email ? ` at ${user.email}` : ''} as soon as your portraits are ready.
            This page updates by itself if you keep it open.
          </p>
          {photoshoot.releasedAt ? (
            <Link to={flow.path('results')} className={buttonClasses('secondary', 'sm', 'mt-3')}>
              See your earlier portraits
            </Link>
          ) : null}
        </Card>
      </aside>
    </div>
  );
}

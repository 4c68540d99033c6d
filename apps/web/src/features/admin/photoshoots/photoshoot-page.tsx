import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { formatMoney } from '../../../shared/money';
import { Alert } from '../../../ui/alert';
import { buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { PageHeader } from '../../../ui/page-header';
import { LoadingBlock } from '../../../ui/spinner';
import { formatDateTime } from '../components/format';
import { PhotoshootStatusBadge } from '../components/status-badge';
import { useAdminPhotoshoot, useAdminPhotoshootLive } from '../data/use-admin-photoshoot';
import { OriginalsSection } from './originals-section';
import { PaymentsSection } from './payments-section';
import { RequeueButton } from './requeue-button';
import { ResultsSection } from './results-section';
import { TimelineSection } from './timeline-section';

/** /admin/photoshoots/{id}: the whole story of one photoshoot, live. */
export function PhotoshootPage() {
  const { id } = useParams({ from: '/admin/photoshoots/$id' });
  const query = useAdminPhotoshoot(id);
  useAdminPhotoshootLive(id);
  const p = query.data;
  useTitle(`${p?.title || 'Photoshoot'} · Back office`);

  if (query.isError) {
    return (
      <Alert tone="error" title="This photoshoot could not be loaded.">
        {errorMessage(query.error)}{' '}
        <Link to="/admin/photoshoots" className="font-medium underline">
          Back to the list
        </Link>
      </Alert>
    );
  }
  if (!p) return <LoadingBlock />;
  const user = p.expand?.user;
  const coupon = p.expand?.coupon;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        eyebrow={
          <Link to="/admin/photoshoots" className="hover:underline">
            ‹ Photoshoots
          </Link>
        }
        title={p.title || 'Untitled photoshoot'}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PhotoshootStatusBadge status={p.status} />
            <span className="text-sm">
              {p.id}
              {p.isTest ? ' · test' : ''}
            </span>
          </span>
        }
        actions={
          <>
            {p.status === 'failed' ? <RequeueButton id={p.id} /> : null}
            <Link
              to="/admin/photoshoots/$id/review"
              params={{ id: p.id }}
              className={buttonClasses(p.status === 'review' ? 'primary' : 'secondary')}
            >
              {p.status === 'review' ? 'Review results' : 'Open review screen'}
            </Link>
          </>
        }
      />
      {p.status === 'failed' && p.error ? (
        <Alert tone="error" title={`Failed after ${p.attempts} attempts`} className="mb-6">
          {p.error}
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <h2 className="font-semibold">Customer</h2>
          <Facts>
            <Fact label="Name">{user?.name || '—'}</Fact>
            <Fact label="Email">
              <span className="break-all">{user?.email ?? p.user}</span>
            </Fact>
            <Fact label="Team">{p.expand?.team?.name || 'Individual'}</Fact>
          </Facts>
        </Card>
        <Card>
          <h2 className="font-semibold">Order</h2>
          <Facts>
            <Fact label="Package">{p.expand?.package?.name ?? '—'}</Fact>
            <Fact label="Price">{p.currency ? formatMoney(p.priceCents, p.currency) : '—'}</Fact>
            <Fact label="Coupon">
              {coupon ? `${coupon.code} (−${formatMoney(p.discountCents, p.currency)})` : 'None'}
            </Fact>
            <Fact label="Paid">{p.currency ? formatMoney(p.amountDueCents, p.currency) : '—'}</Fact>
          </Facts>
        </Card>
        <Card>
          <h2 className="font-semibold">Progress</h2>
          <Facts>
            <Fact label="Created">{formatDateTime(p.created)}</Fact>
            <Fact label="Queued">{formatDateTime(p.queuedAt)}</Fact>
            <Fact label="Generated">{formatDateTime(p.completedAt)}</Fact>
            <Fact label="Released">{formatDateTime(p.releasedAt)}</Fact>
            {p.status === 'processing' || p.status === 'queued' ? (
              <Fact label="Stage">
                {p.stage || 'waiting'} · {p.progress}% · attempt {p.attempts}
              </Fact>
            ) : null}
          </Facts>
        </Card>
      </div>
      <Card className="mt-4">
        <h2 className="font-semibold">Styles</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {(p.expand?.styles ?? []).map((s) => (
            <li key={s.id} className="rounded-full bg-zinc-100 px-3 py-1 text-sm">
              {s.name}
            </li>
          ))}
          {!p.expand?.styles?.length ? <li className="text-sm text-zinc-600">None chosen yet.</li> : null}
        </ul>
      </Card>
      <PaymentsSection photoshoot={p} />
      <ResultsSection photoshoot={p} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <OriginalsSection id={p.id} />
        <TimelineSection id={p.id} />
      </div>
    </div>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-600">{label}</dt>
      <dd className="min-w-0 text-zinc-900">{children}</dd>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTitle } from '../../../lib/use-title';
import { formatMoney } from '../../../shared/money';
import { Alert } from '../../../ui/alert';
import { cx } from '../../../ui/cx';
import { PageHeader } from '../../../ui/page-header';
import { LoadingBlock } from '../../../ui/spinner';
import { adminKeys } from '../data/admin-keys';
import type { AdminOverview, SalesFigures } from '../data/admin-types';
import { useAdminLive } from '../data/use-admin-live';
import { formatWait } from '../components/format';
import { NextInReviewButton } from '../review/next-in-review';
import { AppUrlWarning } from './app-url-warning';
import { EncryptionWarning } from './encryption-warning';
import { overviewQuery } from './data/overview-query';
import { LoadFailed } from '../../../ui/load-failed';

// note: "stuck" and waiting times move with the clock, not with records; a slow backstop re-reads them.
const CLOCK_REFRESH_MS = 60_000;

/** /admin: what needs an operator now, each figure a link to the list behind it. */
export function OverviewPage() {
  useTitle('Overview · Back office');
  const query = useQuery({
    ...overviewQuery,
    refetchInterval: CLOCK_REFRESH_MS,
  });
  useAdminLive('photoshoots', undefined, adminKeys.overview);
  useAdminLive('payments', undefined, adminKeys.overview);
  useAdminLive('contact_messages', undefined, adminKeys.overview);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Overview"
        description="What needs attention now. Figures update live."
        actions={<NextInReviewButton />}
      />
      <AppUrlWarning />
      <EncryptionWarning />
      {query.isError ? (
        <LoadFailed
          title="The figures could not be loaded."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <Figures o={query.data} />
      ) : (
        <LoadingBlock label="Loading the figures…" />
      )}
    </div>
  );
}

/** Providers refusing work for lack of credit: their jobs wait in the queue until credit is back. */
function ProviderAlerts({ alerts }: { alerts: AdminOverview['providerAlerts'] }) {
  return (
    <div data-testid="provider-alerts">
      {alerts.map((a) => (
        <Alert key={a.provider} tone="warning" className="mb-4" title={`${a.provider} is out of credit`}>
          <p>
            Photoshoots using it wait in the queue (none fails for this) and are tried again every few
            minutes. Add credit at {a.provider}, then use “Test connection” in the{' '}
            <Link to="/admin/settings" className="font-medium underline">
              processing settings
            </Link>{' '}
            to resume them at once.
          </p>
        </Alert>
      ))}
    </div>
  );
}

function Figures({ o }: { o: AdminOverview }) {
  return (
    <>
      <ProviderAlerts alerts={o.providerAlerts ?? []} />
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-zinc-600">Needs attention</h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure
          testId="figure-review"
          label="Waiting for review"
          value={o.review.count}
          urgent={o.review.count > 0}
          detail={
            o.review.count
              ? `Oldest waiting ${formatWait(o.review.oldestSince, new Date(o.now.replace(' ', 'T')))}`
              : 'Nothing to review'
          }
          link={{ to: '/admin/photoshoots', search: { status: 'review', sort: 'completedAt' } }}
        />
        <Figure
          testId="figure-processing"
          label="Processing"
          value={o.processing.count}
          detail={o.processing.stuck ? `${o.processing.stuck} stuck (lease expired)` : 'None stuck'}
          urgent={o.processing.stuck > 0}
          link={{
            to: '/admin/photoshoots',
            search: o.processing.stuck ? { stuck: '1' } : { status: 'processing' },
          }}
        />
        <Figure
          testId="figure-failed"
          label="Failed"
          value={o.failed}
          urgent={o.failed > 0}
          detail={o.failed ? 'Requeue or refund them' : 'No failures'}
          link={{ to: '/admin/photoshoots', search: { status: 'failed' } }}
        />
        <Figure
          testId="figure-refunds"
          label="Refunds owed"
          value={o.refundsOwed}
          urgent={o.refundsOwed > 0}
          detail={o.refundsOwed ? 'Charged, then failed: money to give back' : 'Nothing owed'}
          link={{ to: '/admin/payments', search: { owed: '1' } }}
        />
        <Figure
          testId="figure-messages"
          label="New contact messages"
          value={o.newMessages}
          detail={o.newMessages ? 'Unread in the contact form' : 'Inbox clear'}
          link={{ to: '/admin/contact-messages', search: { status: 'new' } }}
        />
      </div>
      <h2 className="mt-8 mb-1 text-sm font-semibold uppercase tracking-wide text-zinc-600">Orders</h2>
      <p className="mb-3 text-sm text-zinc-600">
        Orders paid in each period, including those refunded since. Gross is what they charged, refunded is
        what went back, and net is what was kept.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Sales label="Today (UTC)" s={o.sales.today} testId="sales-today" />
        <Sales label="Last 7 days" s={o.sales.days7} testId="sales-7" />
        <Sales label="Last 30 days" s={o.sales.days30} testId="sales-30" />
      </div>
    </>
  );
}

const cardClass = 'block min-w-0 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5';

function Figure({
  label,
  value,
  detail,
  urgent = false,
  link,
  testId,
}: {
  label: string;
  value: number;
  detail: ReactNode;
  urgent?: boolean;
  link?: Pick<LinkProps, 'to' | 'search'>;
  testId: string;
}) {
  const body = (
    <>
      <p className="text-sm font-medium text-zinc-600">{label}</p>
      <p
        className={cx('mt-1 text-3xl font-bold tabular-nums', urgent ? 'text-brand-700' : 'text-zinc-900')}
        data-testid={`${testId}-value`}
      >
        {value}
      </p>
      <p className="mt-1 text-xs text-zinc-600 sm:text-sm">{detail}</p>
    </>
  );
  if (!link)
    return (
      <div className={cardClass} data-testid={testId}>
        {body}
      </div>
    );
  return (
    <Link
      {...link}
      data-testid={testId}
      className={cx(
        cardClass,
        'hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600',
        urgent && 'border-brand-200',
      )}
    >
      {body}
    </Link>
  );
}

/** Each currency's amount joined (`$10.00 + €5.00`); $0.00 when there is none. */
function money(amounts: SalesFigures['amounts'], pick: (a: SalesFigures['amounts'][number]) => number) {
  return amounts.length
    ? amounts.map((a) => formatMoney(pick(a), a.currency)).join(' + ')
    : formatMoney(0, 'usd');
}

function Sales({ label, s, testId }: { label: string; s: SalesFigures; testId: string }) {
  return (
    <Link
      to="/admin/payments"
      search={{ status: 'paid' }}
      className={cx(cardClass, 'hover:border-brand-300')}
      data-testid={testId}
    >
      <p className="text-sm font-medium text-zinc-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-zinc-900" data-testid={`${testId}-net`}>
        {money(s.amounts, (a) => a.netCents)}
        <span className="ml-1 text-sm font-medium text-zinc-600">net</span>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-zinc-600">
        <dt>Orders</dt>
        <dd className="text-right tabular-nums" data-testid={`${testId}-orders`}>
          {s.orders}
          {s.refundedOrders ? ` (${s.refundedOrders} refunded)` : ''}
        </dd>
        <dt>Gross</dt>
        <dd className="text-right tabular-nums" data-testid={`${testId}-gross`}>
          {money(s.amounts, (a) => a.grossCents)}
        </dd>
        <dt>Refunded</dt>
        <dd className="text-right tabular-nums" data-testid={`${testId}-refunded`}>
          {money(s.amounts, (a) => a.refundedCents)}
        </dd>
      </dl>
    </Link>
  );
}

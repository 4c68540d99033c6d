import { Link, useSearch } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { formatMoney } from '../../../shared/money';
import { useVerifiedPayment } from '../../../shared/data/use-verified-payment';
import { Alert, Button, buttonClasses, Card, EmptyState, PageHeader, Spinner } from '../../../ui';
import { useTeam } from '../data/team-queries';

/** /teams/payment-return: the outcome of a seat purchase, as it settles. */
export function TeamPaymentReturnPage() {
  useTitle('Team payment');
  const search = useSearch({ from: '/app/teams/payment-return' });
  const paymentId = search.payment ?? '';
  const payment = useVerifiedPayment(paymentId);
  const teamId = search.team || payment.data?.team || '';
  const team = useTeam(teamId);
  const status = payment.data?.status;

  if (!paymentId)
    return (
      <>
        <PageHeader eyebrow="Teams" title="Team payment" />
        <EmptyState
          title="No payment to show"
          description="This page shows the outcome of a seat purchase. Open it from the checkout."
          action={
            <Link to="/teams" className={buttonClasses('primary')}>
              Your teams
            </Link>
          }
        />
      </>
    );

  const teamLinks = teamId ? (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/teams/$id" params={{ id: teamId }} className={buttonClasses('primary')}>
        Invite your team
      </Link>
      <Link to="/teams/$id/team-styles" params={{ id: teamId }} className={buttonClasses('secondary')}>
        Pick the team’s look
      </Link>
    </div>
  ) : null;

  return (
    <>
      <PageHeader eyebrow={team.data?.name ?? 'Teams'} title="Team payment" />
      <Card className="mx-auto max-w-xl text-center">
        <div aria-live="polite" data-testid="payment-state" className="flex flex-col items-center gap-3 py-4">
          {status === 'paid' || status === 'refunded' ? (
            <>
              <span
                className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
                aria-hidden="true"
              >
                ✓
              </span>
              <h2 className="text-xl font-semibold text-zinc-900">
                {status === 'paid' ? 'Payment received: seats added' : 'This payment was refunded'}
              </h2>
              <p className="text-zinc-600">
                {payment.data ? `${formatMoney(payment.data.amountCents, payment.data.currency)} paid. ` : ''}
                {team.data
                  ? `${team.data.name} now has ${team.data.seatsTotal} seat${team.data.seatsTotal === 1 ? '' : 's'}, ${Math.max(0, team.data.seatsTotal - team.data.seatsUsed)} free.`
                  : ''}
              </p>
              {teamLinks}
            </>
          ) : status === 'failed' || status === 'cancelled' ? (
            <>
              <h2 className="text-xl font-semibold text-zinc-900">
                {status === 'cancelled' ? 'Payment cancelled' : 'Payment failed'}
              </h2>
              <p className="text-zinc-600">{payment.data?.failureReason || 'You have not been charged.'}</p>
              {teamId ? (
                <Link
                  to="/teams/$id/team-packages"
                  params={{ id: teamId }}
                  className={buttonClasses('primary')}
                >
                  Try again
                </Link>
              ) : null}
            </>
          ) : payment.isError ? (
            <Alert tone="error" title="We could not check your payment">
              <p>{errorMessage(payment.error)}</p>
              <Button size="sm" variant="secondary" className="mt-3" onClick={() => void payment.refetch()}>
                Check again
              </Button>
            </Alert>
          ) : (
            <>
              <Spinner className="text-brand-600 [&_svg]:size-8" />
              <h2 className="text-xl font-semibold text-zinc-900">Confirming your payment…</h2>
              <p className="text-zinc-600">
                This usually takes a few seconds. You can leave this page: the seats are added as soon as the
                payment is confirmed.
              </p>
            </>
          )}
        </div>
      </Card>
    </>
  );
}

import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, Button, buttonClasses, Card, Spinner } from '../../../ui';
import { FlowFrame } from '../components/flow-frame';
import { formatMoney } from '../../../shared/money';
import { useFlowPage } from '../components/use-flow-page';
import { useFlow } from '../flow-context';
import { useVerifiedPayment } from '../../../shared/data/use-verified-payment';
import type { Photoshoot } from '../../../shared/records';

/** How long the "payment received" message stays before moving on to processing. */
const PAID_PAUSE_MS = 1_500;

export default function PaymentReturnPage() {
  const { query, photoshoot } = useFlowPage('payment-return');
  return (
    <FlowFrame step="payment-return" title="Payment" query={query} photoshoot={photoshoot}>
      {(p) => <PaymentOutcome photoshoot={p} />}
    </FlowFrame>
  );
}

function PaymentOutcome({ photoshoot }: { photoshoot: Photoshoot }) {
  const flow = useFlow();
  // note: only the individual flow has a payment step (a team member's photoshoot uses a seat).
  const search = useSearch({ from: '/app/photoshoot/$id/payment-return' });
  const paymentId = search.payment || photoshoot.payment;
  const navigate = useNavigate();
  const payment = useVerifiedPayment(paymentId);
  const status = payment.data?.status;
  const paid =
    status === 'paid' || ['queued', 'processing', 'review', 'completed'].includes(photoshoot.status);
  const closed = status === 'failed' || status === 'cancelled';

  useEffect(() => {
    if (!paymentId) {
      void navigate({ href: flow.path('payment'), replace: true });
    } else if (paid) {
      const timer = setTimeout(
        () => void navigate({ href: flow.path('processing'), replace: true }),
        PAID_PAUSE_MS,
      );
      return () => clearTimeout(timer);
    } else if (closed) {
      // The payment page shows why (it reads the payment named in the address).
      void navigate({ href: flow.path('payment', { payment: paymentId }), replace: true });
    }
    return undefined;
  }, [paymentId, paid, closed, navigate, flow]);

  return (
    <Card className="mx-auto max-w-xl text-center">
      <div aria-live="polite" data-testid="payment-state" className="flex flex-col items-center gap-3 py-4">
        {paid ? (
          <>
            <span
              className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
              aria-hidden="true"
            >
              ✓
            </span>
            <h2 className="text-xl font-semibold text-zinc-900">Payment received</h2>
            <p className="text-zinc-600">
              {payment.data ? `${formatMoney(payment.data.amountCents, payment.data.currency)} paid. ` : ''}
              Your photoshoot is starting…
            </p>
            <Link to={flow.path('processing')} className={buttonClasses('primary')}>
              Follow the progress
            </Link>
          </>
        ) : closed ? (
          <>
            <h2 className="text-xl font-semibold text-zinc-900">
              {status === 'cancelled' ? 'Payment cancelled' : 'Payment failed'}
            </h2>
            <p className="text-zinc-600">{payment.data?.failureReason || 'You have not been charged.'}</p>
            <p className="text-sm text-zinc-500">Taking you back to the payment page…</p>
          </>
        ) : payment.isError ? (
          <Alert tone="error" title="We could not check your payment">
            <p>{errorMessage(payment.error)}</p>
            <div className="mt-3 flex flex-wrap justify-center gap-2">
              <Button size="sm" variant="secondary" onClick={() => void payment.refetch()}>
                Check again
              </Button>
              <Link to={flow.path('payment')} className={buttonClasses('ghost', 'sm')}>
                Back to payment
              </Link>
            </div>
          </Alert>
        ) : (
          <>
            <Spinner className="text-brand-600 [&_svg]:size-8" />
            <h2 className="text-xl font-semibold text-zinc-900">Confirming your payment…</h2>
            <p className="text-zinc-600">
              This usually takes a few seconds. You can safely leave this page: your photoshoot starts as soon
              as the payment is confirmed, and we email you when it is ready.
            </p>
            <Link to={flow.path('payment')} className={buttonClasses('ghost', 'sm')}>
              Back to payment
            </Link>
          </>
        )}
      </div>
    </Card>
  );
}

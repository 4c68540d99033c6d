import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, Button, buttonClasses, Card, LoadingBlock } from '../../../ui';
import { completeSandboxPayment, sandboxPaymentQuery } from '../../../shared/data/payments-api';
import { formatMoney } from '../../../shared/money';
import type { SandboxOutcome, SandboxPayment } from '../../../shared/records';
import { flowPath, individualFlowBase } from '../../../shared/flow-paths';

/** Where the buyer goes once the sandbox has its answer: the photoshoot's (or team's) return page. */
function returnPath(payment: SandboxPayment): string {
  if (payment.photoshoot)
    return flowPath(individualFlowBase(payment.photoshoot), 'payment-return', { payment: payment.id });
  return `/teams/payment-return?payment=${encodeURIComponent(payment.id)}`;
}

/**
 * The built-in sandbox provider's checkout page: a stand-in for Stripe's, clearly marked as a
 * test, where the buyer confirms, cancels or makes the payment fail on purpose.
 */
export default function SandboxCheckoutPage() {
  const { paymentId } = useParams({ from: '/app/sandbox/checkout/$paymentId' });
  const navigate = useNavigate();
  const summary = useQuery({ ...sandboxPaymentQuery(paymentId), enabled: !!paymentId });
  const complete = useMutation({
    mutationFn: (outcome: SandboxOutcome) => completeSandboxPayment(paymentId, outcome),
    onSuccess: () => {
      if (summary.data) void navigate({ href: returnPath(summary.data), replace: true });
    },
  });

  useEffect(() => {
    document.title = 'Test payment — Photoshoot';
  }, []);

  const p = summary.data;
  const item = p ? p.description || p.packageName || 'Photoshoot' : '';
  const done = p && p.status !== 'pending';

  return (
    <div className="mx-auto w-full max-w-lg">
      <div
        role="note"
        className="mb-6 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-center text-amber-900"
      >
        <p className="text-base font-bold">Test payment — no money moves</p>
        <p className="text-sm">
          This is the built-in sandbox checkout. Nothing is charged, whatever you choose.
        </p>
      </div>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-zinc-900">Checkout</h1>
      {summary.isPending ? (
        <LoadingBlock label="Loading the payment…" />
      ) : summary.isError || !p ? (
        <Alert tone="error" title="This payment cannot be shown">
          <p>{errorMessage(summary.error)}</p>
          <Link to="/dashboard" className={buttonClasses('secondary', 'sm', 'mt-3')}>
            Back to the dashboard
          </Link>
        </Alert>
      ) : (
        <Card>
          <dl className="flex flex-col gap-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600">Item</dt>
              <dd className="text-right font-medium text-zinc-900" data-testid="sandbox-item">
                {item}
              </dd>
            </div>
            {p.couponCode ? (
              <div className="flex justify-between gap-4">
                <dt className="text-zinc-600">Coupon</dt>
                <dd>{p.couponCode.toUpperCase()}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-zinc-200 pt-2 text-base font-semibold">
              <dt>Amount</dt>
              <dd data-testid="sandbox-amount">{formatMoney(p.amountCents, p.currency)}</dd>
            </div>
          </dl>
          {done ? (
            <Alert tone="info" className="mt-4">
              This payment is already {p.status}.{' '}
              <a href={returnPath(p)} className="font-semibold underline">
                Continue
              </a>
            </Alert>
          ) : (
            <div className="mt-6 flex flex-col gap-2">
              <Button
                size="lg"
                loading={complete.isPending && complete.variables === 'paid'}
                disabled={complete.isPending}
                onClick={() => complete.mutate('paid')}
              >
                Confirm test payment
              </Button>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="secondary"
                  disabled={complete.isPending}
                  onClick={() => complete.mutate('cancelled')}
                >
                  Cancel
                </Button>
                <Button
                  variant="secondary"
                  disabled={complete.isPending}
                  onClick={() => complete.mutate('failed')}
                >
                  Simulate failure
                </Button>
              </div>
            </div>
          )}
          {complete.isError ? (
            <Alert tone="error" className="mt-4">
              {errorMessage(complete.error)}
            </Alert>
          ) : null}
        </Card>
      )}
    </div>
  );
}

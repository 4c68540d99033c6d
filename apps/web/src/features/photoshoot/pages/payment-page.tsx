import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Alert, Button, buttonClasses, Card, LoadingBlock, PayBar } from '../../../ui';
import { paymentRecordQuery, startCheckout } from '../../../shared/data/payments-api';
import { usePublicConfig } from '../../../shared/public-config';
import { FlowFrame } from '../components/flow-frame';
import { PackagePicker } from '../components/package-picker';
import { useFlowPage } from '../components/use-flow-page';
import { useFlow } from '../flow-context';
import { usePackages, useStyles } from '../data/use-catalog';
import { countByQc, usePhotos } from '../data/use-photos';
import { useSaveOrder } from '../data/use-save-order';
import { formatMoney } from '../../../shared/money';
import { CouponQuote, type QuoteChange } from '../payment/coupon-quote';
import { unusedStyles, unusedStylesSentence } from '../payment/unused-styles';
import type { Payment, Photoshoot } from '../../../shared/records';
import { defaultPackage } from './styles-page';

export default function PaymentPage() {
  const { query, photoshoot } = useFlowPage('payment');
  return (
    <FlowFrame
      step="payment"
      title="Review and pay"
      description="Check your order, add a coupon if you have one, and pay securely."
      query={query}
      photoshoot={photoshoot}
    >
      {(p) => <PaymentStep photoshoot={p} />}
    </FlowFrame>
  );
}

function PaymentStep({ photoshoot }: { photoshoot: Photoshoot }) {
  const flow = useFlow();
  const navigate = useNavigate();
  const packages = usePackages();
  const styles = useStyles();
  const photos = usePhotos(photoshoot.id);
  const save = useSaveOrder(photoshoot.id);
  const [pkg, setPkg] = useState(photoshoot.package);
  const [order, setOrder] = useState<QuoteChange>({ coupon: '', ready: false, quote: undefined });
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState('');
  const onQuoteChange = useCallback((change: QuoteChange) => setOrder(change), []);
  // note: only the individual flow has a payment step (a team member's photoshoot uses a seat).
  const search = useSearch({ from: '/app/photoshoot/$id/payment' });
  const lastPayment = useLastPayment(search.payment ?? '');

  useEffect(() => {
    if (!pkg && packages.data?.length) setPkg(defaultPackage(packages.data, photoshoot.package));
  }, [pkg, packages.data, photoshoot.package]);

  // A draft without enough photos or without styles is not ready to pay: send it back a step.
  const accepted = countByQc(photos.data).accepted;
  const minAccepted = usePublicConfig().data?.photoshoots.minAcceptedPhotos;
  const missingPhotos =
    photoshoot.status === 'draft' && photos.isSuccess && minAccepted !== undefined && accepted < minAccepted;
  const missingStyles = photoshoot.status === 'draft' && !(photoshoot.styles ?? []).length;
  useEffect(() => {
    if (missingPhotos) void navigate({ href: flow.path('upload'), replace: true });
    else if (missingStyles) void navigate({ href: flow.path('styles'), replace: true });
  }, [missingPhotos, missingStyles, navigate, flow]);

  if (packages.isPending || styles.isPending) return <LoadingBlock label="Loading your order…" />;
  if (packages.isError) return <Alert tone="error">{errorMessage(packages.error)}</Alert>;

  const chosen = packages.data.find((p) => p.id === pkg);
  const chosenStyles = (photoshoot.styles ?? [])
    .map((id) => styles.data?.find((s) => s.id === id))
    .filter((s) => !!s);
  const tooManyStyles = !!chosen && chosenStyles.length > chosen.stylesIncluded;
  const unused = unusedStyles(chosenStyles.length, chosen);
  const isDraft = photoshoot.status === 'draft';

  const choosePackage = (id: string) => {
    setPkg(id);
    setPayError('');
    if (isDraft) save.mutate({ package: id });
  };

  const pay = async () => {
    if (!chosen) return;
    setPaying(true);
    setPayError('');
    try {
      const checkout = await startCheckout(photoshoot.id, {
        package: chosen.id,
        coupon: order.coupon || undefined,
      });
      if (!('url' in checkout) || !checkout.url) {
        const payment = checkout.payment.id;
        await navigate({ href: flow.path('payment-return', { payment }) });
        return;
      }
      const own = ownPagePath(checkout.url);
      if (own) await navigate({ href: own });
      else window.location.assign(checkout.url);
    } catch (err) {
      setPayError(errorMessage(err));
      setPaying(false);
    }
  };

  // A payment that did not go through: said above the order, and its coupon is offered again.
  const unpaid = !!lastPayment && (lastPayment.status === 'failed' || lastPayment.status === 'cancelled');
  const payDisabled = !chosen || !order.ready || tooManyStyles || save.isPending;
  const free = !!order.quote && order.quote.amountDueCents === 0;
  const payLabel = free ? 'Start my photoshoot' : 'Pay now';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {unpaid ? (
          <Alert
            tone="warning"
            title={
              lastPayment.status === 'cancelled' ? 'Payment cancelled' : 'Your payment did not go through'
            }
          >
            {lastPayment.failureReason ? `${lastPayment.failureReason} ` : ''}You have not been charged. You
            can try again below.
          </Alert>
        ) : null}
        {photoshoot.status === 'pending_payment' ? (
          <Alert tone="info" title="A payment is already under way">
            If you closed the payment page before finishing, you can start again here.{' '}
            <Link to={flow.path('payment-return')} className="font-semibold underline">
              Check the payment status
            </Link>
          </Alert>
        ) : null}
        <PackagePicker legend="Package" packages={packages.data} value={pkg} onChange={choosePackage} />
        {save.isError ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
        {tooManyStyles ? (
          <Alert tone="warning" title="Too many styles for this package">
            You chose {chosenStyles.length} styles; {chosen?.name} includes {chosen?.stylesIncluded}.{' '}
            <Link to={flow.path('styles')} className="font-semibold underline">
              Change your styles
            </Link>{' '}
            or pick a bigger package.
          </Alert>
        ) : null}
        {unused && isDraft ? (
          <Alert tone="warning" title="Styles left unused">
            {unusedStylesSentence(unused)}.{' '}
            <Link to={flow.path('styles')} className="font-semibold underline">
              Choose more styles
            </Link>{' '}
            or pick a smaller package.
          </Alert>
        ) : null}
      </div>

      <aside className="lg:sticky lg:top-20 lg:self-start">
        <Card>
          <h2 className="text-lg font-semibold text-zinc-900">Order summary</h2>
          <dl className="mt-3 flex flex-col gap-1.5 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600">Photos</dt>
              <dd>
                {accepted} accepted{' '}
                <Link to={flow.path('upload')} className="text-brand-700 underline">
                  <span className="sr-only">Photos: </span>edit
                </Link>
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600">Styles</dt>
              <dd className="text-right">
                {chosenStyles.map((s) => s.name).join(', ') || 'None'}{' '}
                <Link to={flow.path('styles')} className="text-brand-700 underline">
                  <span className="sr-only">Styles: </span>edit
                </Link>
              </dd>
            </div>
            {chosen ? (
              <div className="flex justify-between gap-4">
                <dt className="text-zinc-600">Portraits</dt>
                <dd>
                  {chosenStyles.length * chosen.imagesPerStyle}
                  {chosen.turnaroundHours ? `, within ${chosen.turnaroundHours} h` : ''}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="my-4 border-t border-zinc-200" />
          {chosen ? (
            <CouponQuote
              photoshootId={photoshoot.id}
              packageId={chosen.id}
              packageName={chosen.name}
              initialCoupon={unpaid ? lastPayment.couponCode : ''}
              onChange={onQuoteChange}
            />
          ) : (
            <p className="text-sm text-zinc-600">Choose a package to see the price.</p>
          )}
          {payError ? (
            <Alert tone="error" className="mt-4">
              {payError}
            </Alert>
          ) : null}
          {/* note: on the wrapper, since the button's own inline-flex would win over `hidden`. */}
          <div className="mt-5 hidden lg:block">
            <Button
              size="lg"
              className="w-full"
              disabled={payDisabled}
              loading={paying}
              onClick={() => void pay()}
            >
              {payLabel}
            </Button>
          </div>
          <p className="mt-3 text-xs text-zinc-500" data-testid="pay-hint">
            {order.quote && order.quote.amountDueCents === 0
              ? 'Nothing to pay: your photoshoot starts right away, and we email you when your portraits are ready.'
              : 'You pay on the next page. Your photoshoot starts as soon as the payment is confirmed, and we email you when your portraits are ready.'}
          </p>
          <Link to={flow.path('styles')} className={buttonClasses('ghost', 'sm', 'mt-2 w-full')}>
            Back to styles
          </Link>
        </Card>
      </aside>

      {/* On a phone the summary is below three package cards: the total and the button stay in reach. */}
      <PayBar
        total={order.quote ? formatMoney(order.quote.amountDueCents, order.quote.currency) : null}
        placeholder="Choose a package"
        label={payLabel}
        disabled={payDisabled}
        loading={paying}
        onPay={() => void pay()}
      />
    </div>
  );
}

/** The payment named in the address (a cancelled or failed checkout comes back here with it). */
function useLastPayment(paymentId: string): Payment | undefined {
  const query = useQuery({ ...paymentRecordQuery(paymentId), enabled: !!paymentId });
  return query.data;
}

/**
 * The in-app path of a checkout URL that is one of this app's own pages (the sandbox checkout),
 * so it opens here even when the server's configured app URL names another host or port.
 */
export function ownPagePath(url: string): string | null {
  try {
    const u = new URL(url, window.location.origin);
    if (u.origin === window.location.origin || u.pathname.startsWith('/sandbox/checkout/'))
      return u.pathname + u.search;
  } catch {
    // not a URL: let the browser deal with it
  }
  return null;
}

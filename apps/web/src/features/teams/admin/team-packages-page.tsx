import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { packagesQuery } from '../../../shared/data/catalog-api';
import { formatMoney } from '../../../shared/money';
import { Alert, Button, Card, LoadingBlock, PayBar, TextField } from '../../../ui';
import { startTeamCheckout, type Team } from '../data/team-api';
import { PackageChoice } from './packages/package-choice';
import { OrderSummary } from './packages/order-summary';
import { useTeamQuote } from './packages/use-team-quote';
import { TeamAdminFrame } from './team-frame';

/** /teams/{id}/team-packages: buy seats (a team package, how many, a coupon) through checkout. */
export function TeamPackagesPage() {
  const { id } = useParams({ from: '/app/teams/$id/team-packages' });
  return (
    <TeamAdminFrame
      teamId={id}
      title="Buy seats"
      description="Each member’s photoshoot uses one seat when they submit it. Seats never expire."
    >
      {(team) => <SeatOrder team={team} />}
    </TeamAdminFrame>
  );
}

function SeatOrder({ team }: { team: Team }) {
  const search = useSearch({ from: '/app/teams/$id/team-packages' });
  const navigate = useNavigate();
  const packages = useQuery(packagesQuery('team'));
  const [pkg, setPkg] = useState('');
  const [quantityText, setQuantityText] = useState('1');
  const [coupon, setCoupon] = useState('');
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState('');

  useEffect(() => {
    const list = packages.data ?? [];
    if (!pkg && list.length) setPkg((list.find((p) => p.highlighted) ?? list[0]!).id);
  }, [pkg, packages.data]);

  const chosen = packages.data?.find((p) => p.id === pkg);
  const maxQuantity = Math.max(1, chosen?.maxQuantity ?? 1);
  const quantity = maxQuantity > 1 ? Math.trunc(Number(quantityText)) || 0 : 1;
  const price = useTeamQuote(team.id, pkg, quantity, coupon);

  if (packages.isPending) return <LoadingBlock label="Loading the team packages…" />;
  if (packages.isError) return <Alert tone="error">{errorMessage(packages.error)}</Alert>;
  if (!packages.data.length)
    return <Alert tone="info">No team packages are on sale right now. Please come back later.</Alert>;

  const pay = async () => {
    setPaying(true);
    setPayError('');
    try {
      const checkout = await startTeamCheckout(team.id, { package: pkg, quantity, coupon });
      if ('url' in checkout && checkout.url) {
        const own = ownPagePath(checkout.url);
        if (own) await navigate({ href: own });
        else window.location.assign(checkout.url);
        return;
      }
      await navigate({
        to: '/teams/payment-return',
        search: { payment: checkout.payment.id, team: team.id },
      });
    } catch (err) {
      setPayError(errorMessage(err));
      setPaying(false);
    }
  };

  const quantityInvalid = maxQuantity > 1 && (quantity < 1 || quantity > maxQuantity);
  const canPay = !!price.quote && !price.checking && !quantityInvalid && !paying;
  const free = price.quote?.amountDueCents === 0;
  const payLabel = free ? 'Add the seats' : 'Pay now';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {search.cancelled ? (
          <Alert tone="warning" title="Payment cancelled">
            You have not been charged. You can try again below.
          </Alert>
        ) : null}
        <PackageChoice
          packages={packages.data}
          value={pkg}
          onChange={(next) => {
            setPkg(next);
            setQuantityText('1');
          }}
        />
      </div>
      <aside className="lg:sticky lg:top-20 lg:self-start">
        <Card className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold text-zinc-900">Your order</h2>
          {maxQuantity > 1 ? (
            <TextField
              label="How many"
              type="number"
              inputMode="numeric"
              min={1}
              max={maxQuantity}
              value={quantityText}
              onChange={(e) => setQuantityText(e.target.value)}
              description={`From 1 to ${maxQuantity}.`}
              error={
                quantityInvalid
                  ? `Choose a whole number from 1 to ${maxQuantity}.`
                  : price.quantityError || undefined
              }
            />
          ) : null}
          <TextField
            label="Coupon"
            optional
            autoComplete="off"
            value={coupon}
            onChange={(e) => setCoupon(e.target.value)}
            error={price.couponError || undefined}
            description={
              price.appliedCoupon ? `Coupon ${price.appliedCoupon.toUpperCase()} applied.` : undefined
            }
          />
          <OrderSummary quote={price.quote} checking={price.checking} team={team} />
          {price.error ? <Alert tone="error">{price.error}</Alert> : null}
          {payError ? <Alert tone="error">{payError}</Alert> : null}
          {/* note: on the wrapper, since the button's own inline-flex would win over `hidden`. */}
          <div className="hidden lg:block">
            <Button
              size="lg"
              className="w-full"
              disabled={!canPay}
              loading={paying}
              onClick={() => void pay()}
            >
              {payLabel}
            </Button>
          </div>
          <p className="text-xs text-zinc-500">
            {free
              ? 'Nothing to pay: the seats are added right away.'
              : 'You pay on the next page. The seats are added as soon as the payment is confirmed.'}
          </p>
        </Card>
      </aside>
      {/* On a phone the order card is below the package cards: the total and the button stay in reach. */}
      <PayBar
        total={price.quote ? formatMoney(price.quote.amountDueCents, price.quote.currency) : null}
        placeholder={price.checking ? 'Working out the price…' : 'Choose a package'}
        label={payLabel}
        disabled={!canPay}
        loading={paying}
        onPay={() => void pay()}
      />
    </div>
  );
}

/**
 * The in-app path of a checkout URL that is one of this app's own pages (the sandbox checkout),
 * so it opens here even when the server's configured app URL names another host or port.
 */
function ownPagePath(url: string): string | null {
  try {
    const u = new URL(url, window.location.origin);
    if (u.origin === window.location.origin || u.pathname.startsWith('/sandbox/checkout/'))
      return u.pathname + u.search;
  } catch {
    // not a URL: the browser deals with it
  }
  return null;
}
